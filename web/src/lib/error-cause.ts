/** How the dashboard names a key of the errors-by-status breakdown (`by=status`'s `http_status`). */
export function errorCauseLabel(key: string): string {
  if (key === 'invalid_arguments') return 'refused: invalid arguments (nothing sent)';
  if (key === 'none' || key === 'null') return 'no response (transport, timeout, rate limit)';
  return key;
}
