// What a route handler is given, and what the SW (or a test) must provide.
import type { EngineGateway } from './tasks';
import type { Clock } from '../store/clock';
import type { KeyRecord } from '../store/schema';
import type { StudioDatabase } from '../store/database';
import type { InputLoader } from './input';
import type { Method } from './router';

export interface ApiDeps {
  db: StudioDatabase;
  clock: Clock;
  engine: EngineGateway;
  inputs: InputLoader;
  /** Tells engine hosts that jobs were queued or changed. */
  announceJobs(): void;
  /** Calls `listener` whenever a job changes anywhere; returns the unsubscribe. */
  watchJobs(listener: () => void): () => void;
  /** Recent request times per key id, for the rate limit; lives as long as the SW. */
  rateWindows: Map<string, number[]>;
}

export interface ApiContext {
  request: Request;
  url: URL;
  params: Record<string, string>;
  /** The calling key; null only on routes that take none. */
  key: KeyRecord | null;
  /** The media type negotiated from Accept. */
  responseType: string;
  clientId: string | null;
  deps: ApiDeps;
}

export interface ApiRoute {
  method: Method;
  pattern: string;
  /** Media types the route can answer with, the default first. */
  produces: readonly string[];
  auth: 'key' | 'none';
  handle(context: ApiContext): Promise<Response>;
}

/** The key of a route that requires one. */
export function callerKey(context: ApiContext): KeyRecord {
  if (!context.key) throw new Error('route requires a key');
  return context.key;
}
