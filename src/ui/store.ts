// The app's handle on IndexedDB: the same database the service worker uses.
import { Store } from '../store/store';

let store: Promise<Store> | null = null;

export function appStore(): Promise<Store> {
  store ??= Store.open();
  return store;
}
