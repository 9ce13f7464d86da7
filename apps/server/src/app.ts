import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { createRepositories, createServices, type Repositories, type Services } from './context.js';
import type { DatabaseHandle } from './db/database.js';
import { ownEventsOf } from './bus/event-bus.js';
import { QuietDevices } from './cluster/quiet-devices.js';
import { openServerBuses, type ServerBuses } from './cluster/server-buses.js';
import type { GatewayEvents } from './gateway/gateway-events.js';
import { failure } from './http/envelope.js';
import { answerClientError } from './http/client-error.js';
import { answerFrameworkError, installErrorHandler } from './http/error-handler.js';
import { buildOpenApi } from './http/openapi.js';
import { createCallRegistrar } from './http/register-call.js';
import { httpServerTimeouts } from './http/server-timeouts.js';
import { ApplicationResolver, requestLanguage } from './http/request-context.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { startServerJobs } from './jobs/server-jobs.js';
import type { DeviceVisibility } from './live/device-visibility.js';
import { liveSocket } from './live/live-socket.js';
import { loggerOptions } from './logger.js';
import { registerJobQueueDepths } from './metrics/job-queue-metrics.js';
import { registerMetricsEndpoint } from './metrics/metrics-endpoint.js';
import { ServerMetrics } from './metrics/server-metrics.js';
import { ReadinessRepository } from './repositories/readiness.repository.js';
import { RetentionJob } from './retention/retention-job.js';
import { accountRoutes } from './routes/account.routes.js';
import { alarmRoutes } from './routes/alarm.routes.js';
import { developerRoutes } from './routes/developer.routes.js';
import { appRoutes } from './routes/app.routes.js';
import { districtRoutes } from './routes/district.routes.js';
import { fenceRoutes } from './routes/fence.routes.js';
import { healthRoutes } from './routes/health.routes.js';
import { historyRoutes } from './routes/history.routes.js';
import { orderRoutes } from './routes/order.routes.js';
import { paymentCallbacks } from './routes/payment-callback.routes.js';
import { placeRoutes } from './routes/place.routes.js';
import { recordRoutes } from './routes/record.routes.js';
import { remoteRoutes } from './routes/remote.routes.js';
import { simRoutes } from './routes/sim.routes.js';
import { appleCallback, socialRoutes } from './routes/social.routes.js';
import { shareRoutes } from './routes/share.routes.js';
import { terminalRoutes } from './routes/terminal.routes.js';
import { Readiness } from './services/readiness.service.js';

export interface Server {
  app: FastifyInstance;
  services: Services;
  repositories: Repositories;
  /** The gateway's events, once committed; main.ts hands it to the Gateway. */
  events: GatewayEvents;
  /** Both buses (events and the processes' notices); closed last when the server closes. */
  buses: ServerBuses;
  /** Which devices each user may see (the live socket follows its changes). */
  deviceVisibility: DeviceVisibility;
  /** This server's /metrics series; main.ts hands `metrics.gateway` to the Gateway. */
  metrics: ServerMetrics;
}

/** Paths under the API root that serve operators and need no applicationId. */
const OPERATOR_PATHS = new Set(['/docs', '/health', '/ready']);

export interface ServerOptions {
  clock?: Clock;
  /** Where the log goes (stdout when absent); tests read it to prove secrets stay out. */
  logStream?: NodeJS.WritableStream;
}

export async function buildServer(
  config: Config,
  database: DatabaseHandle,
  options: ServerOptions = {},
): Promise<Server> {
  const logger = loggerOptions(config.logLevel);
  const app = Fastify({
    logger: options.logStream ? { ...logger, stream: options.logStream } : logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Failures found before a route (URL, head size, timeouts) answer with the envelope too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Fastify sets these two on the server itself (its defaults: no request timeout at all).
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: httpServerTimeouts(config.http),
  });
  const repositories = createRepositories(database);
  const { runs } = config.cluster;
  const buses = await openServerBuses(config.cluster.redisUrl, app.log);
  // Registered first, so that it runs last: every other part has stopped publishing by then.
  app.addHook('onClose', async () => buses.close());
  const { events, notices } = buses;
  const services = await createServices(
    config,
    repositories,
    app.log,
    options.clock,
    (event) => events.publish(event),
    notices,
  );
  const deviceVisibility: DeviceVisibility = services.deviceAccess;
  const { segmentUpdater, trackCache } = services;
  // Cached tracks of a stored span are dropped in every process that answers the API.
  if (runs.api) {
    events.subscribe((event) => {
      if (event.type === 'stored') trackCache.stored(event.deviceId, event.from, event.to);
    });
    // Events missed while cut off from the others: no cached track can be trusted.
    events.onResync(() => trackCache.clear());
  }
  const { alarmEngine, notificationWorker } = services;
  // Periodic work and alarm deliveries, by role (jobs/server-jobs.ts); stopped after the alarm
  // engine (onClose hooks run last first), whose last alarms it still delivers.
  const clock = options.clock ?? systemClock;
  const quietDevices = new QuietDevices(repositories.positions, events, clock);
  const jobs = await startServerJobs(
    {
      cluster: config.cluster,
      segmentSweepMs: config.segments.sweepMs,
      stopTimeLimitMs: config.operations.shutdownTimeoutMs / 2,
    },
    {
      clock,
      log: app.log,
      notifications: repositories.notifications,
      notificationWorker,
      alarmEngine,
      segmentUpdater,
      commerceJobs: services.commerceJobs,
      simSync: services.simSync,
      retention: new RetentionJob(services.retention, app.log),
      commandSweep: () => services.commandDispatcher.sweep(),
      positionPartitions: () => repositories.positions.prepareFor(clock.now()),
      quietDevices: () => quietDevices.run(),
    },
  );
  app.addHook('onClose', async () => jobs.stop());
  const metrics = new ServerMetrics({
    deliveries: notificationWorker.results,
    pendingJobs: () => repositories.notifications.pendingCount(),
  });
  registerJobQueueDepths(metrics.registry, () => jobs.queueDepths());
  if (runs.gateway) {
    // Work done once per event, where a device's events arise (in order, none lost: pub/sub may
    // drop): late fixes marked for stop and trip detection, the alarm stage (fences and device
    // alarms), recordings put together from their packets, and the device's own reports of its
    // relay and garrison made its confirmed state.
    const own = ownEventsOf(events);
    own.subscribe((event) => {
      if (event.type !== 'stored') return;
      segmentUpdater.stored(event.deviceId, event.lateFrom)?.catch((error: unknown) => {
        app.log.error({ err: error }, 'could not mark late positions for detection');
      });
    });
    alarmEngine.start(own);
    const stopAudioIngest = services.audioIngest.start(
      own,
      Math.min(5000, config.recordings.chunkTimeoutMs),
    );
    const stopSwitchReports = services.commandLifecycle.follow(own);
    app.addHook('onClose', async () => {
      await alarmEngine.stop();
      stopAudioIngest();
      stopSwitchReports();
      await services.audioIngest.idle();
    });
  }
  app.addHook('onClose', async () => services.commandLifecycle.idle());
  const applications = new ApplicationResolver(
    repositories.applications,
    options.clock ?? systemClock,
  );

  app.decorateRequest('language', 'zh-CN');
  app.decorateRequest('application', null as never);
  app.addHook('onRequest', async (request) => {
    request.language = requestLanguage(request);
  });
  installErrorHandler(app);
  await registerMetricsEndpoint(app, metrics, config.operations.metricsToken);
  await registerSecurityHeaders(app, config);
  // Fast settings for answers made per request; the app's files are compressed once at build.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request) => {
        const local = request.url.slice(config.apiRoot.length).split('?')[0] ?? '';
        if (!OPERATOR_PATHS.has(local)) request.application = await applications.resolve(request);
      });
      healthRoutes(scope, new Readiness(new ReadinessRepository(database), buses.redisConnected));
      if (!runs.api) return;
      const openApi = buildOpenApi(config.apiRoot);
      scope.get('/docs', async () => openApi);
      const registerCall = createCallRegistrar(scope, services.tokens, config.env !== 'production');
      accountRoutes(registerCall, services);
      appRoutes(registerCall, services);
      terminalRoutes(registerCall, services);
      historyRoutes(registerCall, services);
      districtRoutes(registerCall, services);
      placeRoutes(registerCall, services);
      fenceRoutes(registerCall, services);
      alarmRoutes(registerCall, services);
      developerRoutes(registerCall, services);
      remoteRoutes(registerCall, services);
      recordRoutes(registerCall, services, scope);
      simRoutes(registerCall, services);
      orderRoutes(registerCall, services);
      socialRoutes(registerCall, services);
      shareRoutes(registerCall, services);
    },
    { prefix: config.apiRoot },
  );
  if (runs.api) {
    // A scope of its own: Apple's form_post carries no applicationId and a form body.
    await app.register(appleCallback, {
      prefix: config.apiRoot,
      appleSignIn: services.appleSignIn,
    });
    // A scope of its own: providers and the buyer's browser send no applicationId, bodies stay raw.
    await app.register(paymentCallbacks, {
      prefix: config.apiRoot,
      notifications: services.paymentNotifications,
      development: services.paymentProviders.development,
    });
    // A scope of its own: a browser WebSocket sends no applicationId header (it comes with `auth`).
    await app.register(liveSocket, {
      prefix: config.apiRoot,
      events,
      tokens: services.tokens,
      visibility: deviceVisibility,
      openSockets: metrics.liveSockets,
    });
  }

  // Only the processes that answer the API serve the app.
  const serveWeb = runs.api && fs.existsSync(path.join(config.webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      preCompressed: true,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === config.apiRoot || request.url.startsWith(`${config.apiRoot}/`);
    const wantsPage = request.method === 'GET' && !path.extname(request.url.split('?')[0] ?? '');
    if (!isApi && serveWeb && wantsPage)
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(failure('ROUTE_NOT_FOUND', requestLanguage(request)));
  });

  return { app, services, repositories, events, buses, deviceVisibility, metrics };
}
