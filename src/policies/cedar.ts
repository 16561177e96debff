import type * as Cedar from '@cedar-policy/cedar-wasm/nodejs';
import { lazyModule } from '../shared/lazy-module.ts';

/*
 * The one home of Cedar (`@cedar-policy/cedar-wasm`, the official WebAssembly build, 4 MB):
 * loaded with the first policy, never at start-up. Policy sets are preparsed once per version
 * (`preparsePolicySet`) and evaluated with `statefulIsAuthorized`, so a call pays for the request,
 * not for parsing.
 */

const loadCedar = lazyModule<typeof Cedar>('@cedar-policy/cedar-wasm/nodejs');

export type CedarModule = typeof Cedar;
export type PolicyJson = Cedar.PolicyJson;
export type EntityJson = Cedar.EntityJson;
export type Decision = Cedar.Decision;

/** The module, loaded (synchronously: its Node build is CommonJS) on first use. */
export function cedar(): CedarModule {
  return loadCedar();
}

/** One problem in a policy text, with where it is (character offsets) when Cedar says. */
export interface PolicyProblem {
  message: string;
  help?: string;
  start?: number;
  end?: number;
}

export function problemsOf(errors: Cedar.DetailedError[]): PolicyProblem[] {
  return errors.map((e) => {
    const at = e.sourceLocations?.[0];
    return {
      message: e.message,
      ...(e.help ? { help: e.help } : {}),
      ...(at ? { start: at.start, end: at.end } : {}),
    };
  });
}
