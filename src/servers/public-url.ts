import type { Config } from '../config.ts';
import type { Store } from '../store/db.ts';
import { readOption, writeOption } from '../store/options.repo.ts';

/** The option where a serving gateway writes its public base URL for the CLI on the same database. */
const ANNOUNCED_OPTION = 'public_url';

/**
 * Written by `toolgate serve` once it listens: the `{base_url}` its endpoints are reached at
 * (PUBLIC_URL, else http://localhost:<the port it listens on>).
 */
export async function announcePublicUrl(store: Store, publicUrl: string): Promise<void> {
  await writeOption(store.db, ANNOUNCED_OPTION, publicUrl);
}

/**
 * The `{base_url}` a command acting on this database should print: PUBLIC_URL (or --public-url)
 * when given, else what the gateway serving the database announced, else http://localhost:PORT.
 * So `toolgate import` prints the endpoint of the gateway started with PORT=18501 even when the
 * CLI's own shell has no PORT.
 */
export async function resolvePublicUrl(
  store: Store,
  config: Pick<Config, 'publicUrl' | 'publicUrlExplicit'>,
): Promise<string> {
  if (config.publicUrlExplicit) return config.publicUrl;
  const announced = await readOption<string>(store.db, ANNOUNCED_OPTION);
  return typeof announced === 'string' && /^https?:\/\//.test(announced) ? announced : config.publicUrl;
}
