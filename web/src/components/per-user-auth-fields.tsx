import type { PerUserKind, Server } from '../api/types.ts';
import { PER_USER_FIELDS, PER_USER_LABELS, redirectUri } from '../lib/per-user-auth.ts';
import { ConfigFields } from './config-fields.tsx';
import { CopyButton } from './copy-button.tsx';

export const PER_USER_NOTE =
  'Each person connects their own account; calls never fall back to a shared credential.';

/** Where people find the kind in use, once configured. */
const WHERE: Record<PerUserKind, string> = {
  'oauth2-authorization-code':
    'People connect under My connections (a model asking for it links there); Toolgate keeps and refreshes each person’s tokens.',
  'personal-token': 'People enter their token under My connections; it is kept encrypted, bound to them.',
  'token-exchange':
    'Nothing to connect: each call exchanges the token the caller signed in with (inbound oauth) at the provider.',
};

/**
 * The fields of a per-user outbound kind, the note that nothing is shared, and for the
 * authorization code flow the redirect URI to register at the provider.
 */
export function PerUserAuthFields({
  kind,
  values,
  onChange,
  errors,
  server,
  signedIn,
}: {
  kind: PerUserKind;
  values: Record<string, string>;
  onChange(values: Record<string, string>): void;
  errors: Record<string, string>;
  server?: Server;
  /** Whether callers sign in (inbound oauth): without a person behind a call there is no credential. */
  signedIn: boolean;
}) {
  const stored = server?.per_user_auth?.type === kind;
  const uri = redirectUri(server?.endpoint_url);
  const secretHint = stored
    ? 'stored encrypted, never shown; type it again to save any change here (the API takes these settings whole), else leave blank to keep it'
    : 'encrypted at rest, never shown again';
  return (
    <>
      <div className="notice notice-info field-wide">
        <p>
          <strong>{PER_USER_NOTE}</strong> <span className="muted">({PER_USER_LABELS[kind]})</span>
        </p>
        <p className="small">{WHERE[kind]}</p>
        {!signedIn && (
          <p className="small" data-testid="needs-sign-in">
            <strong>Callers must sign in:</strong> set the inbound auth above to oauth (sign-in through
            Toolgate). Until then every call is refused and nothing is sent upstream.
          </p>
        )}
        {kind === 'oauth2-authorization-code' && (
          <p className="copy-line small">
            Redirect URI to register at the provider: <code data-testid="redirect-uri">{uri}</code>{' '}
            <CopyButton text={uri} label="Copy redirect URI" />
          </p>
        )}
      </div>
      <ConfigFields
        fields={PER_USER_FIELDS[kind].filter(
          (f) => f.name !== 'name' || (values.location ?? 'bearer') !== 'bearer',
        )}
        values={values}
        onChange={onChange}
        errors={errors}
        prefix="auth_credentials"
        secretHint={secretHint}
        markRequired={!stored}
      />
    </>
  );
}
