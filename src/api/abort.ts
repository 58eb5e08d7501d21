// Waiting that a signal can end: a caller that aborts its request (the service
// worker sees it as the request's signal) or an input's deadline. A route stops
// waiting at once, so the credits it holds are released at once, even when
// what it waited for (a download, the engine) goes on a while.
import { ApiError } from './errors';

/** What a request answers once its caller has gone; nobody reads it. */
export function callerAborted(): ApiError {
  return new ApiError('job_cancelled', 'the caller aborted the request; nothing was charged');
}

/** Why a signal aborted, as the contract's error: its own reason when that is one, else the caller's abort. */
export function abortError(signal: AbortSignal): ApiError {
  return signal.reason instanceof ApiError ? signal.reason : callerAborted();
}

/** `work`'s outcome, or abortError(signal) as soon as the signal aborts (at once when it already has). */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(abortError(signal));
    if (signal.aborted) {
      work.catch(() => {});
      stop();
      return;
    }
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
