import fs from 'node:fs';
import { api, fields, RECORD_AUDIO_PATH } from '@xunji/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../context.js';
import { authenticate, type RegisterCall } from '../http/register-call.js';
import { validationError } from '../http/validation.js';

const audioParams = z.object({ id: fields.id });

/** Spec §7 "Recordings", and the audio of one recording (signed in, access checked). */
export function recordRoutes(
  registerCall: RegisterCall,
  services: Services,
  scope: FastifyInstance,
): void {
  const { records } = services;

  registerCall(api.recordPage, ({ query }, { caller }) => records.page(caller.userId, query));
  registerCall(api.sendRecord, ({ body }, { caller }) =>
    records.send(caller.userId, body.terminalId, body.seconds),
  );
  registerCall(api.setAutoRecord, ({ body }, { caller }) =>
    records.setAuto(caller.userId, body.terminalId, body.isAuto === 1, body.seconds),
  );
  registerCall(api.setAutoRecordSensitivity, ({ body }, { caller }) =>
    records.setSensitivity(caller.userId, body.terminalId, body.value, body.respondImmediate),
  );
  registerCall(api.setAutoRecordMode, ({ body }, { caller }) =>
    records.setMode(caller.userId, body.terminalId, body.mode, body.respondImmediate),
  );
  registerCall(api.setAlwaysRecord, ({ body }, { caller }) =>
    records.setAlways(caller.userId, body.terminalId, body.isOpen === 1),
  );
  registerCall(api.deleteRecord, async ({ params }, { caller }) => {
    await records.delete(caller.userId, [params.id]);
    return null;
  });
  registerCall(api.deleteRecords, async ({ body }, { caller }) => {
    await records.delete(caller.userId, body.ids);
    return null;
  });
  registerCall(api.recordStatus, ({ query }, { caller }) =>
    records.status(caller.userId, query.terminalId),
  );
  registerCall(api.readRecord, async ({ body }, { caller }) => {
    await records.read(caller.userId, body.id);
    return null;
  });
  registerCall(api.recordTrashPage, ({ query }, { caller }) =>
    records.trashPage(caller.userId, query),
  );
  registerCall(api.emptyRecordTrash, async ({ body }, { caller }) => {
    await records.emptyTrash(caller.userId, body.terminalId);
    return null;
  });
  registerCall(api.recoverRecords, async ({ body }, { caller }) => {
    await records.recoverAll(caller.userId, body.terminalId);
    return null;
  });

  // The bytes themselves, not an envelope: the app fetches them with its token into a blob URL.
  scope.get(RECORD_AUDIO_PATH, async (request, reply) => {
    const caller = await authenticate(request, reply, services.tokens);
    const parsed = audioParams.safeParse(request.params);
    if (!parsed.success) throw validationError(parsed.error, 'params', request.language);
    const audio = await records.audio(caller.userId, parsed.data.id);
    return reply
      .type(audio.mimeType)
      .header('content-length', audio.size)
      .header('cache-control', 'private, no-store')
      .send(fs.createReadStream(audio.path));
  });
}
