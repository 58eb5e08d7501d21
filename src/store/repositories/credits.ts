// The credit budget: holds for running calls and jobs (reservations) and what
// they were charged (the ledger). A hold is checked against the key's budget
// and written in one transaction, and charged with the key's total in another,
// so a budget is never overspent.
import type { Reservation, LedgerEntry, StudioDb } from '../schema';

/**
 * A hold the key's budget cannot cover. Its code is the contract's, so the
 * API's answer and a job's error carry it as it is (toApiError keeps it).
 */
export class CreditsRefused extends Error {
  readonly code = 'insufficient_api_credits';
}

export class CreditRepository {
  constructor(private readonly db: StudioDb) {}

  /**
   * Holds `credits` of a key's budget for a call or job (upserted by id, so a
   * job can grow its hold once its cost is known). Refused with CreditsRefused
   * when the budget, less what others hold, cannot cover it: checked and
   * written in one transaction, so two calls never both pass.
   */
  async reserve(reservation: Reservation): Promise<void> {
    const tx = this.db.transaction(['keys', 'reservations'], 'readwrite');
    const key = await tx.objectStore('keys').get(reservation.keyId);
    if (key && key.budget !== null) {
      const held = await tx.objectStore('reservations').index('byKey').getAll(reservation.keyId);
      const others = held.filter((r) => r.id !== reservation.id && r.expiresAt > reservation.at).reduce((sum, r) => sum + r.credits, 0);
      const left = Math.max(0, key.budget - key.spent - others);
      if (left < reservation.credits) {
        tx.abort();
        await tx.done.catch(() => {});
        throw new CreditsRefused(`this call costs ${reservation.credits} credits; the key has ${left} left`);
      }
    }
    await tx.objectStore('reservations').put(reservation);
    await tx.done;
  }

  /** Ends a hold and charges what the call or job cost, in one transaction. */
  async settle(reservationId: string, keyId: string | null, route: string, credits: number, at: number): Promise<void> {
    const tx = this.db.transaction(['keys', 'ledger', 'reservations'], 'readwrite');
    await tx.objectStore('reservations').delete(reservationId);
    if (keyId && credits > 0) {
      const keys = tx.objectStore('keys');
      const key = await keys.get(keyId);
      if (key) await keys.put({ ...key, spent: key.spent + credits });
      await tx.objectStore('ledger').add({ keyId, route, credits, at });
    }
    await tx.done;
  }

  /** Ends a hold without charging (the call or job failed or was cancelled). */
  release(reservationId: string): Promise<void> {
    return this.db.delete('reservations', reservationId);
  }

  /** Credits a key's running calls and jobs hold now. */
  async held(keyId: string, now: number): Promise<number> {
    const held = await this.db.getAllFromIndex('reservations', 'byKey', keyId);
    return held.filter((r) => r.expiresAt > now).reduce((sum, r) => sum + r.credits, 0);
  }

  ledgerFor(keyId: string): Promise<LedgerEntry[]> {
    return this.db.getAllFromIndex('ledger', 'byKey', keyId);
  }

  /** Deletes holds nobody settled (a stopped service worker, a lost page); returns how many. */
  async purgeStale(now: number): Promise<number> {
    const tx = this.db.transaction('reservations', 'readwrite');
    let purged = 0;
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      if (cursor.value.expiresAt <= now) {
        await cursor.delete();
        purged++;
      }
    }
    await tx.done;
    return purged;
  }
}
