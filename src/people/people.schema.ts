import { CAPABILITIES, ROLES } from '../auth/capabilities.ts';
import { answeredRecord, confirmation, describeRoute, listOf, NO_BODY } from '../http/route-docs.ts';
import { keyOwner } from '../keys/keys.schema.ts';

/** JSON Schemas of the sign-in, people and "me" routes (validation and the API reference). */

const capability = { type: 'string', enum: [...CAPABILITIES] } as const;
const capabilities = { type: 'array', items: capability, description: 'what the person may do now' } as const;
const role = {
  type: ['string', 'null'],
  enum: [...Object.keys(ROLES), null],
  description: 'administrator, editor, analyst, settings, or null (capabilities from groups only)',
} as const;
const date = { type: 'string', format: 'date-time' } as const;
const nullableDate = { type: ['string', 'null'], format: 'date-time' } as const;
const uuidParams = (what: string) =>
  ({
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', description: `${what} UUID` } },
  }) as const;
const pageQuery = {
  type: 'object',
  properties: {
    page: { type: 'string', description: 'page number, from 1 (default 1)' },
    per_page: { type: 'string', description: 'items per page, 1–100 (default 20)' },
  },
} as const;

export const userRecord = answeredRecord({
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid' },
    email: { type: 'string', description: 'lower-case' },
    display_name: { type: 'string' },
    role,
    groups: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' } },
      },
    },
    capabilities,
    has_password: { type: 'boolean', description: 'can sign in with a password' },
    external: { type: 'boolean', description: 'linked to an identity provider account' },
    disabled: { type: 'boolean', description: 'cannot sign in; their keys do not work' },
    last_sign_in_at: nullableDate,
    created_at: date,
  },
} as const);

const userExample = {
  id: '0b7c1e9a-4f5d-4a53-9c39-2b1f0c3d4e5f',
  email: 'ada@example.com',
  display_name: 'Ada',
  role: 'editor',
  groups: [{ id: '5d2e…', name: 'Platform' }],
  capabilities: ['svc_manage_servers', 'svc_view_analytics'],
  has_password: true,
  external: false,
  disabled: false,
  last_sign_in_at: '2026-01-05T10:00:00.000Z',
  created_at: '2026-01-01T09:00:00.000Z',
};

export const groupRecord = answeredRecord({
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    role,
    idp_group: { type: ['string', 'null'], description: 'the IdP group claim value that makes a member' },
    members: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'email', 'display_name'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          email: { type: 'string' },
          display_name: { type: 'string' },
        },
      },
    },
    created_at: date,
    updated_at: date,
  },
} as const);

const groupExample = {
  id: '5d2e…',
  name: 'Platform',
  role: 'editor',
  idp_group: 'platform-team',
  members: [{ id: '0b7c…', email: 'ada@example.com', display_name: 'Ada' }],
  created_at: '2026-01-01T09:00:00.000Z',
  updated_at: '2026-01-01T09:00:00.000Z',
};

const sessionRecord = answeredRecord({
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid' },
    created_at: date,
    last_seen_at: date,
    expires_at: { ...date, description: 'when it ends unless used again (idle limit or absolute end)' },
    ip: { type: ['string', 'null'] },
    user_agent: { type: ['string', 'null'], description: 'at most 200 characters' },
    current: { type: 'boolean', description: 'the session of this request' },
  },
} as const);

const sessionExample = {
  id: '9f1a…',
  created_at: '2026-01-05T10:00:00.000Z',
  last_seen_at: '2026-01-05T11:00:00.000Z',
  expires_at: '2026-01-05T23:00:00.000Z',
  ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0 …',
  current: true,
};

const keyRecord = answeredRecord(
  {
    type: 'object',
    additionalProperties: true,
    properties: {
      id: { type: 'integer' },
      uuid: { type: 'string' },
      name: { type: 'string' },
      prefix: { type: 'string' },
      role: { type: 'string' },
      capabilities: { type: 'array', items: capability },
      created_at: date,
      last_used_at: { type: ['string', 'null'] },
      expires_at: { type: ['string', 'null'] },
      revoked_at: { type: ['string', 'null'] },
      owner: keyOwner,
    },
  } as const,
  // Optional for readers: a client written before owners need not know them.
  ['owner'],
);

const keyExample = {
  id: 4,
  uuid: '7a1b…',
  name: 'laptop',
  prefix: 'tgk_3fA9xY2b',
  role: 'editor',
  capabilities: ['svc_manage_servers', 'svc_view_analytics'],
  created_at: '2026-01-05T10:00:00.000Z',
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
  owner: { id: '0b7c…', email: 'ada@example.com', display_name: 'Ada' },
};

const password = {
  type: 'string',
  minLength: 12,
  maxLength: 1024,
  description: 'at least 12 characters',
} as const;

const signedIn = answeredRecord({
  type: 'object',
  additionalProperties: false,
  description: 'Signed in; the session cookie is set.',
  properties: {
    user: userRecord,
    capabilities,
    csrf_token: { type: 'string', description: 'send as X-CSRF-Token on every POST, PUT, PATCH, DELETE' },
    expires_at: { ...date, description: 'the absolute end of the session' },
  },
} as const);

const sessionAnswer = answeredRecord(
  {
    type: 'object',
    additionalProperties: false,
    description: 'Who this request is.',
    properties: {
      user: { anyOf: [userRecord, { type: 'null' }], description: 'null for an API key of no person' },
      via: { type: 'string', enum: ['key', 'session'] },
      capabilities,
      csrf_token: { type: 'string', description: 'session only' },
      expires_at: { ...date, description: 'session only: the absolute end' },
    },
  } as const,
  ['csrf_token', 'expires_at'],
);

const authTags = ['auth'];
const peopleTags = ['people'];
const meTags = ['me'];

export const authDocs = {
  providers: describeRoute(authTags, {
    summary: 'Sign-in methods',
    description: 'Whether password sign-in is on, and the identity provider button, if one is configured.',
    public: true,
    response: {
      200: {
        type: 'object',
        description: 'The sign-in methods.',
        required: ['local', 'oidc'],
        additionalProperties: false,
        properties: {
          local: { type: 'boolean' },
          oidc: {
            anyOf: [
              { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
              { type: 'null' },
            ],
          },
        },
        examples: [{ local: true, oidc: { name: 'Okta' } }],
      },
    },
  }),
  signIn: describeRoute(authTags, {
    summary: 'Sign in with e-mail and password',
    description:
      'Starts an admin UI session: sets the HttpOnly `tg_session` cookie (`__Host-tg_session` over HTTPS) and answers the CSRF token. Ten attempts a minute per e-mail and per client address.',
    public: true,
    errors: ['rest_invalid_credentials', 'rest_forbidden', 'rest_rate_limited'],
    body: {
      type: 'object',
      required: ['email', 'password'],
      additionalProperties: false,
      properties: {
        email: { type: 'string', minLength: 1, maxLength: 254, description: 'any case' },
        password: { type: 'string', minLength: 1, maxLength: 1024, description: 'the password' },
      },
      examples: [{ email: 'ada@example.com', password: 'correct horse battery' }],
    },
    response: {
      200: {
        ...signedIn,
        examples: [
          {
            user: userExample,
            capabilities: userExample.capabilities,
            csrf_token: 'Zk3…',
            expires_at: '2026-01-12T10:00:00.000Z',
          },
        ],
      },
    },
  }),
  signOut: describeRoute(authTags, {
    summary: 'Sign out',
    description: 'Ends the session of the cookie and clears the cookie (with the cookie, send X-CSRF-Token).',
    public: true,
    errors: ['rest_csrf_failed'],
    body: NO_BODY,
    response: { 204: { type: 'null', description: 'Signed out; the cookie is cleared.' } },
  }),
  session: describeRoute(authTags, {
    summary: 'The current session',
    description:
      'Who this request is: the signed-in person (cookie) or the key (bearer) and its owner, with the effective capabilities; for a session also the CSRF token and when it ends.',
    response: {
      200: {
        ...sessionAnswer,
        examples: [
          {
            user: userExample,
            via: 'session',
            capabilities: userExample.capabilities,
            csrf_token: 'Zk3…',
            expires_at: '2026-01-12T10:00:00.000Z',
          },
        ],
      },
    },
  }),
  oidcStart: describeRoute(authTags, {
    summary: 'Sign in with the identity provider',
    description:
      'Redirects (302) to the identity provider; `return_to` is a path on this site to come back to.',
    public: true,
    querystring: {
      type: 'object',
      properties: { return_to: { type: 'string', description: 'a same-origin path, e.g. /admin/' } },
    },
    errors: ['svc_not_found'],
    response: { 302: { type: 'null', description: 'To the identity provider.' } },
  }),
  oidcCallback: describeRoute(authTags, {
    summary: 'Identity provider callback',
    description:
      'Where the identity provider sends the browser back; starts a session and redirects (302) to `return_to`. ' +
      'When the sign-in is refused, a browser (Accept: text/html) is redirected to the admin UI with `sign_in_error` naming why; other clients get the error.',
    public: true,
    querystring: {
      type: 'object',
      additionalProperties: true,
      properties: {
        code: { type: 'string', description: 'authorization code' },
        state: { type: 'string', description: 'the state sent' },
      },
    },
    errors: ['rest_invalid_credentials', 'rest_bad_request', 'svc_not_found'],
    response: { 302: { type: 'null', description: 'Back to the admin UI.' } },
  }),
};

const newUserBody = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', minLength: 3, maxLength: 254, description: 'unique; stored lower-case' },
    display_name: { type: 'string', maxLength: 200, description: 'default: the part before @' },
    password,
    role,
  },
  examples: [
    { email: 'ada@example.com', display_name: 'Ada', role: 'editor', password: 'correct horse battery' },
  ],
} as const;

const userPatchBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    display_name: { type: 'string', maxLength: 200, description: 'the name shown' },
    role,
    password,
    disabled: { type: 'boolean', description: 'disabling signs the person out everywhere' },
  },
  examples: [{ role: 'analyst' }, { disabled: true }],
} as const;

const groupBody = (required: string[]) =>
  ({
    type: 'object',
    required,
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 200, description: 'unique' },
      role,
      idp_group: { type: ['string', 'null'], maxLength: 500, description: 'IdP group claim value' },
    },
    examples: [{ name: 'Platform', role: 'editor', idp_group: 'platform-team' }],
  }) as const;

const sessionsList = { ...listOf(sessionRecord, 'The live sessions.'), examples: [[sessionExample]] };

export const peopleDocs = {
  list: describeRoute(peopleTags, {
    summary: 'List users',
    description: 'People who can sign in, paginated (`X-Svc-Total`).',
    querystring: pageQuery,
    response: { 200: { ...listOf(userRecord, 'The users.'), examples: [[userExample]] } },
  }),
  create: describeRoute(peopleTags, {
    summary: 'Create a user',
    description: 'A person; without a password they sign in only through the identity provider.',
    body: newUserBody,
    errors: ['rest_conflict'],
    response: { 201: { ...userRecord, description: 'The user.', examples: [userExample] } },
  }),
  get: describeRoute(peopleTags, {
    summary: 'A user',
    description: 'One person with their groups and effective capabilities.',
    params: uuidParams('user'),
    errors: ['svc_not_found'],
    response: { 200: { ...userRecord, description: 'The user.', examples: [userExample] } },
  }),
  update: describeRoute(peopleTags, {
    summary: 'Change a user',
    description:
      'Name, role, password or disabled. You cannot disable yourself or remove the last administrator (409).',
    params: uuidParams('user'),
    body: userPatchBody,
    errors: ['svc_not_found', 'rest_conflict'],
    response: { 200: { ...userRecord, description: 'The user.', examples: [userExample] } },
  }),
  remove: describeRoute(peopleTags, {
    summary: 'Delete a user',
    description:
      'Their sessions end and their keys are revoked. Not yourself, never the last administrator (409).',
    params: uuidParams('user'),
    errors: ['svc_not_found', 'rest_conflict'],
    response: {
      200: confirmation(
        { deleted: { type: 'boolean' }, id: { type: 'string' } },
        { deleted: true, id: '0b7c…' },
      ),
    },
  }),
  sessions: describeRoute(peopleTags, {
    summary: "A user's sessions",
    description: "The person's live admin UI sessions.",
    params: uuidParams('user'),
    errors: ['svc_not_found'],
    response: { 200: sessionsList },
  }),
  endSessions: describeRoute(peopleTags, {
    summary: 'Sign a user out everywhere',
    description: 'Ends every admin UI session of the person (their keys keep working).',
    params: uuidParams('user'),
    errors: ['svc_not_found'],
    response: { 200: confirmation({ revoked: { type: 'integer' } }, { revoked: 2 }) },
  }),
  groups: describeRoute(peopleTags, {
    summary: 'List groups',
    description: 'Groups with their role, IdP mapping and members, by name.',
    querystring: pageQuery,
    response: { 200: { ...listOf(groupRecord, 'The groups.'), examples: [[groupExample]] } },
  }),
  createGroup: describeRoute(peopleTags, {
    summary: 'Create a group',
    description:
      'A group gives its role to its members; `idp_group` makes IdP users with that claim value members.',
    body: groupBody(['name']),
    errors: ['rest_conflict'],
    response: { 201: { ...groupRecord, description: 'The group.', examples: [groupExample] } },
  }),
  getGroup: describeRoute(peopleTags, {
    summary: 'A group',
    description: 'One group with its members.',
    params: uuidParams('group'),
    errors: ['svc_not_found'],
    response: { 200: { ...groupRecord, description: 'The group.', examples: [groupExample] } },
  }),
  updateGroup: describeRoute(peopleTags, {
    summary: 'Change a group',
    description: 'Name, role or IdP mapping; never removing the last administrator (409).',
    params: uuidParams('group'),
    body: groupBody([]),
    errors: ['svc_not_found', 'rest_conflict'],
    response: { 200: { ...groupRecord, description: 'The group.', examples: [groupExample] } },
  }),
  removeGroup: describeRoute(peopleTags, {
    summary: 'Delete a group',
    description: 'Its members lose its role; never the last administrator (409).',
    params: uuidParams('group'),
    errors: ['svc_not_found', 'rest_conflict'],
    response: {
      200: confirmation(
        { deleted: { type: 'boolean' }, id: { type: 'string' } },
        { deleted: true, id: '5d2e…' },
      ),
    },
  }),
  members: describeRoute(peopleTags, {
    summary: "Set a group's members",
    description: 'The members become exactly these users (UUIDs).',
    params: uuidParams('group'),
    body: {
      type: 'object',
      required: ['user_ids'],
      additionalProperties: false,
      properties: {
        user_ids: { type: 'array', maxItems: 10_000, items: { type: 'string' }, description: 'user UUIDs' },
      },
      examples: [{ user_ids: ['0b7c1e9a-4f5d-4a53-9c39-2b1f0c3d4e5f'] }],
    },
    errors: ['svc_not_found', 'rest_conflict'],
    response: { 200: { ...groupRecord, description: 'The group.', examples: [groupExample] } },
  }),
};

export const meDocs = {
  get: describeRoute(meTags, {
    summary: 'Me',
    description: 'The signed-in person (or the owner of the key).',
    response: { 200: { ...userRecord, description: 'You.', examples: [userExample] } },
  }),
  update: describeRoute(meTags, {
    summary: 'Change my name or password',
    description: 'A new password needs `current_password` when one is set; your other sessions end.',
    body: {
      type: 'object',
      additionalProperties: false,
      properties: {
        display_name: { type: 'string', maxLength: 200, description: 'the name shown' },
        password,
        current_password: { type: 'string', maxLength: 1024, description: 'needed to change a set password' },
      },
      examples: [{ password: 'a new long passphrase', current_password: 'the old one here' }],
    },
    response: { 200: { ...userRecord, description: 'You.', examples: [userExample] } },
  }),
  keys: describeRoute(meTags, {
    summary: 'My API keys',
    description: 'The keys you own (never a secret), revoked ones included.',
    response: { 200: { ...listOf(keyRecord, 'Your keys.'), examples: [[keyExample]] } },
  }),
  createKey: describeRoute(meTags, {
    summary: 'Create an API key of mine',
    description:
      'A key you own; its role may not grant more than you hold (403). Default: the widest role you hold. The `secret` is answered once (`Cache-Control: no-store`).',
    body: {
      type: 'object',
      required: ['name'],
      additionalProperties: false,
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 200, description: 'label of the key' },
        role: { type: 'string', enum: Object.keys(ROLES), description: 'at most what you hold' },
        expires_at: { type: 'string', format: 'date-time', description: 'default never' },
      },
      examples: [{ name: 'laptop', role: 'editor' }],
    },
    response: {
      201: {
        ...keyRecord,
        description: 'The key, with its secret.',
        properties: { ...keyRecord.properties, secret: { type: 'string', description: 'shown only now' } },
        examples: [{ ...keyExample, secret: 'tgk_3fA9…' }],
      },
    },
  }),
  revokeKey: describeRoute(meTags, {
    summary: 'Revoke an API key of mine',
    description: 'The key stops working at once.',
    params: uuidParams('key'),
    errors: ['svc_not_found'],
    response: {
      200: confirmation(
        { revoked: { type: 'boolean' }, id: { type: 'integer' }, uuid: { type: 'string' } },
        { revoked: true, id: 4, uuid: '7a1b…' },
      ),
    },
  }),
  sessions: describeRoute(meTags, {
    summary: 'My sessions',
    description: 'Your live admin UI sessions; `current` marks this one.',
    response: { 200: sessionsList },
  }),
  endSession: describeRoute(meTags, {
    summary: 'End one of my sessions',
    description: 'Signs that browser out.',
    params: uuidParams('session'),
    errors: ['svc_not_found'],
    response: {
      200: confirmation(
        { revoked: { type: 'boolean' }, id: { type: 'string' } },
        { revoked: true, id: '9f1a…' },
      ),
    },
  }),
};
