import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on first use, then kept: for packages a start-up does not need
 * (the PostgreSQL driver on the SQLite default, the YAML parser until a YAML document arrives,
 * the JOSE library until a bearer token is checked). Each `import` of the ESM graph costs at
 * start-up whether or not the process ever uses it.
 */
export function lazyModule<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= requireHere(id) as T;
    return loaded;
  };
}
