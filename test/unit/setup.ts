// Node gives every unit test IndexedDB (in memory) and nothing else global.
import 'fake-indexeddb/auto';
