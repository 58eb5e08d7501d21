// The helper of bands.ts: computes the bottom band of the work after the
// model, reading the image its task worker shares with it.
import * as Comlink from 'comlink';
import { announceReady } from './worker-start';
import { foregroundBand, upsampleBand, type BandHelper, type ForegroundBand, type UpsampleBand } from './bands';

const api: BandHelper = {
  async upsampleBand(band: UpsampleBand) {
    upsampleBand(band);
  },
  async foregroundBand(band: ForegroundBand) {
    const rows = foregroundBand(band);
    return Comlink.transfer(rows, [rows.buffer]);
  },
};

Comlink.expose(api);
announceReady();
