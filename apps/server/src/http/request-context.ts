import { APPLICATION_ID_HEADER, fields, pickLanguage, type Language } from '@xunji/shared';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import type { ApplicationRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { ApplicationRepository } from '../repositories/application.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    application: ApplicationRow;
  }
}

const CACHE_MS = 30_000;

/** Resolves the applicationId header to its row, cached briefly: every call carries it. */
export class ApplicationResolver {
  private readonly cache = new Map<number, { row: ApplicationRow; until: number }>();

  constructor(
    private readonly applications: ApplicationRepository,
    private readonly clock: Clock,
  ) {}

  async resolve(request: FastifyRequest): Promise<ApplicationRow> {
    const raw = request.headers[APPLICATION_ID_HEADER.toLowerCase()];
    if (raw === undefined || raw === '') throw new AppError('APPLICATION_MISSING');
    const parsed = fields.id.safeParse(raw);
    if (!parsed.success) throw new AppError('APPLICATION_UNKNOWN');
    const id = parsed.data;
    const cached = this.cache.get(id);
    if (cached && cached.until > this.clock.now()) return cached.row;
    const row = await this.applications.findById(id);
    if (!row) throw new AppError('APPLICATION_UNKNOWN');
    this.cache.set(id, { row, until: this.clock.now() + CACHE_MS });
    return row;
  }
}

export const requestLanguage = (request: FastifyRequest): Language =>
  pickLanguage(request.headers['accept-language']);
