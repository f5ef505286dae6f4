/**
 * bench/scale: `npm run bench -- scale [--quick]`. The layer at 10k, 100k and 1M finds. Today it
 * runs the server's part (server.ts: the in-view query through the area indexes); the browser
 * journeys (a returning and a first start on a phone profile, memory per thread, filtering and
 * moving at 1M) come with the device's columnar copy. Exits 1 when a goal is missed.
 */
await import('./server.ts');
export {};
