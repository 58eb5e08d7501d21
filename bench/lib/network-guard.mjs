// Proves the benches are offline: every request any page, worker or service
// worker of the context makes is checked, and one that is not for localhost or
// 127.0.0.1 (or a data:/blob: URL) fails the run. Chromium is also started
// with a host resolver that maps every other name to nowhere, so such a request
// cannot leave the machine even before it is caught.
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const OFFLINE_ARGS = ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'];

export function isLocal(url) {
  if (url.startsWith('data:') || url.startsWith('blob:')) return true;
  try {
    return LOCAL_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

export function guardNetwork(context) {
  const offending = [];
  let seen = 0;
  context.on('request', (request) => {
    seen++;
    if (!isLocal(request.url())) offending.push(request.url());
  });
  return {
    get requests() {
      return seen;
    },
    offending,
    assertOffline() {
      if (offending.length) throw new Error(`requests left localhost:\n${[...new Set(offending)].join('\n')}`);
    },
  };
}
