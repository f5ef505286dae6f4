import type { Remote } from 'comlink';

/**
 * An object on this thread behind the same contract as one in a worker (Comlink's `Remote<T>`):
 * each method is called at once, in place, and its answer comes as a promise. The map scene on
 * the main thread is reached this way (MapProxy.ts), so the proxy has one contract for both
 * threads. Only methods are reached; a property read gives undefined.
 */
export function localRemote<T extends object>(target: T): Remote<T> {
  const methods = new Proxy(target, {
    get(t, key) {
      const value: unknown = Reflect.get(t, key);
      if (typeof value !== 'function') return undefined;
      return (...args: unknown[]) => {
        try {
          return Promise.resolve(Reflect.apply(value, t, args));
        } catch (err) {
          return Promise.reject(err);
        }
      };
    },
  });
  // The proxy answers every method as Remote<T> types it (a promise of the method's answer).
  return methods as unknown as Remote<T>;
}
