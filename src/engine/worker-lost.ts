// A task's worker, or the model host it was waiting on, went away under it
// (crashed, hung, or shut down). The task itself may be fine, so a job that
// meets this is started again rather than failed; a request answers 500 and
// charges nothing.
import { ApiError } from '../api/errors';

export class WorkerLostError extends ApiError {
  constructor(message: string) {
    super('unexpected_error', message);
    this.name = 'WorkerLostError';
  }
}
