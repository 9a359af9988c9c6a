import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createAppStorage } from './assets/storage.js';
import { startStorageSweeper } from './assets/storage-sweep.js';
import { RateLimiter } from './auth/rate-limiter.js';
import { installChangeHooks } from './cache/change-hooks.js';
import { ReadCaches } from './cache/read-caches.js';
import { JobSignals } from './jobs/job-signals.js';
import { CollabService, ofDocument } from './collab/collab-service.js';
import { AUTOMATION_INTERVAL_MS, startAutomations } from './planning/automations.js';
import { LiveEvents } from './live/live-events.js';
import { installStrictJsonBodies } from './http/json-body.js';
import { installApiTokenCheck } from './http/auth.js';
import type { Config } from './config.js';
import { openDatabase } from './db/index.js';
import { installControlCharacterGuard } from './http/control-characters.js';
import { installCrossSiteProtection } from './http/cross-site.js';
import { installHostCheck } from './http/host-check.js';
import { formatSchemaErrors, installErrorHandler } from './http/error-handler.js';
import { installPages } from './http/pages.js';
import { installClosingDrain } from './http/closing.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { LogMailer, type Mailer } from './mail/index.js';
import { createRichTextPool, type RichTextPool } from './rich-text/index.js';
import { CloseCode, MAX_MESSAGE_BYTES } from '../collab/protocol.js';
import { apiRoutes } from './routes/index.js';
import type { Timers } from './timers.js';

/**
 * Largest JSON body: a rich-text save at its limits (HTML and the editor's JSON, see
 * rich-text/limits.ts) with room for escaping. Bodies are parsed on the event loop, so this
 * also bounds what parsing one request may cost.
 */
export const JSON_BODY_LIMIT = 10 * 1024 * 1024;

/** The largest websocket message read at all (see the websocket plugin's options below). */
export const WEBSOCKET_MAX_PAYLOAD = 4 * MAX_MESSAGE_BYTES;

// Ended rate-limit windows are deleted this often (by every process; the delete is cheap).
const RATE_LIMIT_SWEEP_MS = 5 * 60_000;

/** Services a host may supply instead of the defaults. */
export interface AppServices {
  /** Sends e-mail; by default messages are written to the log. */
  mailer?: Mailer;
  /** The timers of the shared documents' plain copies (a test's fake clock); the SDK's clock by default. */
  collabTimers?: Timers;
  /** The wall clock the server reads "today" from (a test's fixed day); the system's by default. */
  clock?: () => Date;
  /**
   * A rich-text pool shared with other apps of this process (the test harness's, whose servers
   * would each start threads of their own); the app neither makes its own nor closes this one.
   */
  richText?: RichTextPool;
}

/** `/api/x/?q` → `/api/x?q`; other URLs unchanged. */
export function stripApiTrailingSlash(url: string): string {
  return url.replace(/^(\/api\/[^?#]*?)\/+(?=[?#]|$)/, '$1');
}

/**
 * The fastify options this server runs with (logging, body limit, proxies, URL rewriting,
 * strict validation), so anything that must behave like it, such as the server benchmark's
 * static ceiling, starts from the same settings.
 */
export function fastifyOptions(config: Config) {
  return {
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // The spec's API paths end with '/' (/api/unsplash/); both forms reach the same route. Only
    // /api/ URLs are rewritten: for static folders the slash matters (/demo → /demo/).
    rewriteUrl: (request) => stripApiTrailingSlash(request.url ?? '/'),
    // Strict input: unknown fields are refused (400) instead of silently dropped, and values are
    // never coerced (42 is not the string "42", ["x"] is not "x"). Query values are therefore
    // strings: see queryInteger / queryBoolean in http/schemas.ts.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: false } },
    schemaErrorFormatter: formatSchemaErrors,
  } satisfies FastifyServerOptions;
}

/**
 * Builds the server: opens the database (migrating it), registers the plugins, the API under
 * /api and the front-end pages. Not listening yet: call `listen`, or `inject` in tests.
 * Closing the app closes the database.
 */
export async function buildApp(config: Config, services: AppServices = {}): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions(config));
  try {
    const db = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleError: (error) => app.log.error({ err: error }, 'database connection lost'),
    });
    app.decorate('db', db);
    const rateLimiter = new RateLimiter(db);
    app.decorate('rateLimiter', rateLimiter);
    rateLimiter.startSweeping(RATE_LIMIT_SWEEP_MS, (error) => app.log.error({ err: error }, 'sweeping rate-limit counters failed'));
    app.addHook('onClose', async () => {
      await rateLimiter.stopSweeping();
      await db.close();
    });
    app.decorate('config', config);
    app.decorate('clock', services.clock ?? (() => new Date()));
    const caches = new ReadCaches();
    await caches.start(db, app.log, config.readCache);
    app.decorate('caches', caches);
    // Hooks close in reverse order: the listener stops before the database closes.
    app.addHook('onClose', () => caches.close());
    installChangeHooks(app, caches);
    // Before the routes that start the job workers, whose close hooks then run first.
    const jobSignals = new JobSignals();
    await jobSignals.start(db, app.log);
    app.decorate('jobSignals', jobSignals);
    app.addHook('onClose', () => jobSignals.close());
    const live = new LiveEvents();
    await live.start(db, app.log);
    app.decorate('live', live);
    app.addHook('onClose', () => live.close());
    // Open streams would hold the server's close up: they end first, and the screens reconnect.
    app.addHook('preClose', async () => live.endStreams());
    const storage = await createAppStorage(config);
    app.decorate('storage', storage);
    app.addHook('onClose', async () => storage.close?.());
    await storage.check();
    // Hooks close in reverse order: the sweeper stops before the store and the database.
    const sweeper = startStorageSweeper({
      db,
      storage,
      log: app.log,
      deletedUploadRetentionDays: config.storage.deletedUploadRetentionDays,
      exportFileRetentionDays: config.storage.exportFileRetentionDays,
      intervalMs: config.storage.sweepIntervalMinutes * 60_000,
      exclusive: config.databaseUrl === null,
    });
    app.decorate('storageSweeper', sweeper);
    app.addHook('onClose', () => sweeper.close());
    const richText = services.richText ?? createRichTextPool({ ...config.richText, imageOrigins: config.imageOrigins });
    app.decorate('richText', richText);
    if (!services.richText) app.addHook('onClose', async () => richText.close());
    app.decorate('mailer', services.mailer ?? new LogMailer(app.log));
    // One hub per process; its documents are stored in this database, which closes after it.
    const collab = new CollabService(db, config.collab, { richText, log: app.log, timers: services.collabTimers });
    app.decorate('collab', collab);
    await collab.start();
    // After the hub (an archived issue's description turns read-only for those editing it), closed before it.
    const automations = startAutomations({
      db,
      log: app.log,
      intervalMs: AUTOMATION_INTERVAL_MS,
      clock: app.clock,
      onArchived: (ids) => collab.recheck(ofDocument('issue-description', ids)),
    });
    app.decorate('automations', automations);
    app.addHook('onClose', () => automations.close());
    app.decorateRequest('user', null);
    app.decorateRequest('sessionChecked', false);
    app.decorateRequest('workspace', null);
    app.decorateRequest('project', null);

    installErrorHandler(app);
    installClosingDrain(app);
    installSecurityHeaders(app, config.imageOrigins);
    installHostCheck(app, config.publicUrl);
    // The public URL is this server's own origin, also when a proxy in front rewrites Host.
    installCrossSiteProtection(app, config.publicUrl ? [config.publicUrl, ...config.allowedOrigins] : config.allowedOrigins);
    installControlCharacterGuard(app);
    installStrictJsonBodies(app);
    // Before the routes: it reads each route's guards as the route is added.
    installApiTokenCheck(app);
    await app.register(fastifyCookie);
    await app.register(fastifyMultipart, { limits: { fileSize: config.fileSizeLimit, files: 1, fields: 20 } });
    await app.register(fastifyWebsocket, {
      // A message over the hub's cap is read and refused with its own close code (4413, which an
      // editor does not retry); one several times over it is cut off unread by ws (1009).
      options: { maxPayload: WEBSOCKET_MAX_PAYLOAD },
      // Stopping stores what editors sent, then tells them to reconnect (elsewhere).
      preClose: () => collab.close(app.websocketServer),
      errorHandler: (error, socket, request) => {
        request.log.warn({ err: error }, 'collaboration websocket failed');
        if (socket.readyState === socket.OPEN) socket.close(CloseCode.goingAway, 'The server failed; reconnecting.');
      },
    });
    await app.register(apiRoutes, { prefix: '/api' });
    await installPages(app, config.rootDir);
    await app.ready();
    return app;
  } catch (error) {
    // Releases the database if it was opened; the original error is the one worth reporting.
    await app.close().catch(() => {});
    throw error;
  }
}
