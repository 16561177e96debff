/**
 * "Chrome on Linux" from a User-Agent header: what a person recognises in a list of their
 * sessions. The full header stays available (as the row's title); an unknown one is shown as is.
 */
export function describeUserAgent(ua: string | null | undefined): string {
  if (!ua) return 'unknown browser';
  const browser =
    BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? (ua.length > 40 ? `${ua.slice(0, 40)}…` : ua);
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/HeadlessChrome\//, 'Headless Chrome'],
  [/Chrome\//, 'Chrome'],
  [/Firefox\//, 'Firefox'],
  [/Safari\//, 'Safari'],
  [/^curl\//, 'curl'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];
