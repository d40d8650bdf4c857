/**
 * One value per process, even when the same module is loaded twice: `npm start` runs our
 * esbuild bundle and Next's bundle side by side, and a cache or registry kept in a plain
 * module variable would exist once in each and drift apart.
 */
export function processShared<T>(name: string, create: () => T): T {
  const key = Symbol.for(`posthaste.${name}`);
  const holder = globalThis as Record<symbol, unknown>;
  if (!(key in holder)) holder[key] = create();
  return holder[key] as T;
}
