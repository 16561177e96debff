/**
 * Generated from the management API's OpenAPI reference by `npm run gen:web-types`
 * (scripts/gen-web-types.ts). Do not edit: change the route schemas in src/ and run it again.
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health
         * @description Public liveness: 200 when every check is ok (`ok`) or one warns (`degraded`), 503 with the same body when one fails. Rate-limited to 60 a minute per client IP; never cached.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "status": "ok",
                         *       "version": "0.1.0",
                         *       "db_version": "12",
                         *       "checks": {
                         *         "db": {
                         *           "status": "ok",
                         *           "latency_ms": 1
                         *         },
                         *         "sodium": {
                         *           "status": "ok"
                         *         },
                         *         "rest": {
                         *           "status": "ok"
                         *         },
                         *         "active_servers": {
                         *           "status": "ok",
                         *           "count": 2
                         *         },
                         *         "license": {
                         *           "status": "ok",
                         *           "tier": "community"
                         *         }
                         *       },
                         *       "uptime_seconds": 3600,
                         *       "checked_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @enum {string} */
                            status?: "ok" | "degraded" | "fail";
                            /** @description gateway version */
                            version?: string;
                            /** @description schema version, bumped on each migration */
                            db_version?: string;
                            /** @description per check `{status: ok|warn|fail, ...extras}` (db, sodium, rest, active_servers, license, …) */
                            checks?: {
                                [key: string]: {
                                    [key: string]: unknown;
                                };
                            };
                            uptime_seconds?: number;
                            /** Format: date-time */
                            checked_at?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rate_limited` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description At least one check failed (the full report). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "status": "ok",
                         *       "version": "0.1.0",
                         *       "db_version": "12",
                         *       "checks": {
                         *         "db": {
                         *           "status": "ok",
                         *           "latency_ms": 1
                         *         },
                         *         "sodium": {
                         *           "status": "ok"
                         *         },
                         *         "rest": {
                         *           "status": "ok"
                         *         },
                         *         "active_servers": {
                         *           "status": "ok",
                         *           "count": 2
                         *         },
                         *         "license": {
                         *           "status": "ok",
                         *           "tier": "community"
                         *         }
                         *       },
                         *       "uptime_seconds": 3600,
                         *       "checked_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @enum {string} */
                            status?: "ok" | "degraded" | "fail";
                            /** @description gateway version */
                            version?: string;
                            /** @description schema version, bumped on each migration */
                            db_version?: string;
                            /** @description per check `{status: ok|warn|fail, ...extras}` (db, sodium, rest, active_servers, license, …) */
                            checks?: {
                                [key: string]: {
                                    [key: string]: unknown;
                                };
                            };
                            uptime_seconds?: number;
                            /** Format: date-time */
                            checked_at?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List servers
         * @description Servers in id order, a page at a time, with their item counts.
         */
        get: {
            parameters: {
                query?: {
                    /** @description page number, from 1 (default 1) */
                    page?: string;
                    /** @description items per page, 1–100 (default 20) */
                    per_page?: string;
                    /** @description only servers in this status */
                    status?: "active" | "paused" | "draft";
                    /** @description case-insensitive substring of the name or slug */
                    search?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The servers of this page. */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            /** @description numeric id */
                            id: number;
                            /** Format: uuid */
                            uuid: string;
                            /** @description owner */
                            user_id: number;
                            /** @description who may use the server when it signs people in (an `oauth` server with Toolgate as its issuer): these users and the members of these groups (UUIDs); null (the default) = everyone signed in. Others get 403 at the MCP endpoint. */
                            access_list: {
                                /** @description UUIDs of the users admitted */
                                users: string[];
                                /** @description UUIDs of the groups (their members) admitted */
                                groups: string[];
                            } | null;
                            name: string;
                            /** @description used in the MCP endpoint path */
                            slug: string;
                            /** @description 16 hexadecimal characters */
                            server_id: string;
                            /** @enum {string} */
                            status: "active" | "paused" | "draft";
                            /** @enum {string} */
                            transport_type: "streamable-http";
                            /** @enum {string} */
                            auth_type: "none" | "bearer" | "api-key" | "basic" | "oauth";
                            /** @description inbound auth settings; secrets shown as `token_set`/`value_set`/`password_set: true` */
                            auth_config: {
                                [key: string]: unknown;
                            } | null;
                            /** @enum {string} */
                            outbound_auth_type: "none" | "bearer" | "api-key" | "basic" | "oauth2-client-credentials" | "oauth2-authorization-code" | "personal-token" | "token-exchange";
                            outbound_auth_config: {
                                [key: string]: unknown;
                            } | null;
                            /** @description production credentials are set */
                            has_auth_credentials: boolean;
                            /** @description test credentials are set */
                            has_test_credentials: boolean;
                            /** @description per-user outbound auth (oauth2-authorization-code, personal-token, token-exchange) as configured, without the client secret; null for shared credentials */
                            per_user_auth: {
                                [key: string]: unknown;
                            } | null;
                            /** @description origins the production credentials may be sent to; null while unbound (sent nowhere) */
                            auth_credentials_origins: string[] | null;
                            /** @description origins the test credentials may be sent to; null while unbound (sent nowhere) */
                            test_auth_credentials_origins: string[] | null;
                            cors_origins: string | null;
                            rate_limit_per_min: number;
                            /** @description free-form server settings (see the create body) */
                            settings: {
                                /** @description what the server is for */
                                description?: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            tool_exposure: "all" | "discovery" | "auto" | "code";
                            /** @description estimated tokens of the tools/list answer: `all` (every active tool listed), `current` (in the mode served now), `mode` (all, discovery or code) */
                            tools_list_tokens: {
                                all: number;
                                current: number;
                                /** @enum {string} */
                                mode: "all" | "discovery" | "code";
                            };
                            /** @description the MCP endpoint address */
                            endpoint_url: string;
                            tool_count: number;
                            prompt_count: number;
                            resource_count: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a server
         * @description Creates a server (status `active` unless given). Its MCP endpoint is `{base_url}/mcp/{slug}`. Set `auth_type` to protect it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "Weather API",
                     *       "description": "Forecasts for Claude",
                     *       "auth_type": "bearer",
                     *       "auth_config": {
                     *         "token": "a-long-random-token"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description display name */
                        name: string;
                        /** @description MCP endpoint path segment (`/mcp/{slug}`); default: derived from the name, made unique */
                        slug?: string;
                        /** @description stored as `settings.description`; other settings keys are kept */
                        description?: string;
                        /**
                         * @description active: served; paused: MCP answers 503; draft: MCP answers 404
                         * @default active
                         * @enum {string}
                         */
                        status?: "active" | "paused" | "draft";
                        /**
                         * @description inbound auth MCP clients must present
                         * @default none
                         * @enum {string}
                         */
                        auth_type?: "none" | "bearer" | "api-key" | "basic" | "oauth";
                        /**
                         * @description Inbound auth of the MCP endpoint, per `auth_type`: bearer `{token}`; api-key `{name (default X-API-Key), location: header|query (default header), value}`; basic `{username, password}`; oauth `{authorization_servers | issuer, audience?, jwks_uri?, required_scopes?}`. Secrets (token, value, password) are at least 16 characters, stored as keyed hashes and read back as `token_set: true`-style placeholders; omit a secret to keep the stored one.
                         * @example {
                         *       "token": "a-long-random-token"
                         *     }
                         */
                        auth_config?: {
                            /** @description bearer: the token clients send (at least 16 characters) */
                            token?: string;
                            /** @description api-key: header or query parameter name */
                            name?: string;
                            /**
                             * @description api-key: where the key travels
                             * @enum {string}
                             */
                            location?: "header" | "query";
                            /** @description api-key: the key clients send (at least 16 characters) */
                            value?: string;
                            /** @description basic: user name */
                            username?: string;
                            /** @description basic: password (at least 16 characters) */
                            password?: string;
                            /** @description oauth: issuer URLs of the authorization servers */
                            authorization_servers?: string[];
                            /** @description oauth: expected `iss` (default: the first authorization server) */
                            issuer?: string;
                            /** @description oauth: expected `aud` (default: the endpoint URL) */
                            audience?: string;
                            /** @description oauth: JWKS URL (default: from the issuer metadata) */
                            jwks_uri?: string;
                            /** @description oauth: scopes every token must carry */
                            required_scopes?: string[];
                        } | null;
                        /**
                         * @description how tools authenticate to the upstream API
                         * @default none
                         * @enum {string}
                         */
                        outbound_auth_type?: "none" | "bearer" | "api-key" | "basic" | "oauth2-client-credentials" | "oauth2-authorization-code" | "personal-token" | "token-exchange";
                        /** @description non-secret details of the outbound auth (e.g. `scheme`, `token_url`, `scopes`), set by imports */
                        outbound_auth_config?: {
                            [key: string]: unknown;
                        } | null;
                        /**
                         * @description Production credentials. Credentials the tools send upstream, as a JSON-encoded string (or an object), encrypted at rest and never shown again. bearer `{"token"}`; api-key `{"name","value","location":"header|query|cookie|body"}` (body: a top-level field of a JSON or form body); basic `{"username","password"}`; oauth2-client-credentials `{"token_url","client_id","client_secret","scope?","audience?"}`. Any format may add `"extra_keys": [{"name","value","location"}]` (up to 20), further secrets sent with it (a cURL import puts every secret it finds there). An optional `type` picks the format; else the server's `outbound_auth_type`, else the shape. An empty string or null clears them.
                         * @example {"token":"sk_live_…"}
                         */
                        auth_credentials?: string | Record<string, never> | null;
                        /**
                         * @description Credentials of the admin Test action (fall back to auth_credentials). Credentials the tools send upstream, as a JSON-encoded string (or an object), encrypted at rest and never shown again. bearer `{"token"}`; api-key `{"name","value","location":"header|query|cookie|body"}` (body: a top-level field of a JSON or form body); basic `{"username","password"}`; oauth2-client-credentials `{"token_url","client_id","client_secret","scope?","audience?"}`. Any format may add `"extra_keys": [{"name","value","location"}]` (up to 20), further secrets sent with it (a cURL import puts every secret it finds there). An optional `type` picks the format; else the server's `outbound_auth_type`, else the shape. An empty string or null clears them.
                         * @example {"token":"sk_live_…"}
                         */
                        test_auth_credentials?: string | Record<string, never> | null;
                        /**
                         * @description Origins (`https://host[:port]`) the auth_credentials may be sent to; a tool whose URL has another origin is refused them (a tool error naming the origin, no request sent). Sent with `auth_credentials`, it is their list; without it, new credentials keep the list of the ones they replace, else take the origins of the server's tools at that moment. Changing it without sending `auth_credentials` again needs `manage_options` (403 `rest_forbidden`). Credentials saved while the server has no tool with a fixed origin stay unbound (sent nowhere) until an administrator saves or imports a tool, which binds them to its origin. An OAuth2 `token_url` is part of the credentials themselves: the client secret only ever goes there.
                         * @example [
                         *       "https://api.example.com"
                         *     ]
                         */
                        auth_credentials_origins?: string[] | null;
                        /**
                         * @description Origins (`https://host[:port]`) the test_auth_credentials may be sent to; a tool whose URL has another origin is refused them (a tool error naming the origin, no request sent). Sent with `test_auth_credentials`, it is their list; without it, new credentials keep the list of the ones they replace, else take the origins of the server's tools at that moment. Changing it without sending `test_auth_credentials` again needs `manage_options` (403 `rest_forbidden`). Credentials saved while the server has no tool with a fixed origin stay unbound (sent nowhere) until an administrator saves or imports a tool, which binds them to its origin. An OAuth2 `token_url` is part of the credentials themselves: the client secret only ever goes there.
                         * @example [
                         *       "https://api.example.com"
                         *     ]
                         */
                        test_auth_credentials_origins?: string[] | null;
                        /** @description comma-separated browser origins allowed on the MCP endpoint; empty or null allows all (`*`) */
                        cors_origins?: string | null;
                        /** @description MCP calls a minute per client; 0 = unlimited; default: the `default_rate_limit` setting (60) */
                        rate_limit_per_min?: number;
                        /** @description who may use the server when it signs people in (an `oauth` server with Toolgate as its issuer): these users and the members of these groups (UUIDs); null (the default) = everyone signed in. Others get 403 at the MCP endpoint. */
                        access_list?: {
                            /** @description UUIDs of the users admitted */
                            users: string[];
                            /** @description UUIDs of the groups (their members) admitted */
                            groups: string[];
                        } | null;
                        /**
                         * @description which tools MCP clients see: `all` active tools; `discovery` the three meta-tools search_tools, describe_tools and call_tool; `code` code mode: search_tools and describe_tools answer TypeScript declarations, execute runs a program against them in a sandbox (`settings.code`), call_tool calls one operation; `auto` (default for new servers) discovery once the active tools' definitions exceed `settings.token_budget` tokens (default 20,000), else all
                         * @enum {string}
                         */
                        tool_exposure?: "all" | "discovery" | "auto" | "code";
                        /** @description free-form server settings, merged into the stored ones: `description`; `token_budget` (auto exposure threshold in tokens, default 20,000); `tool_name_limit` (longest tool name served, 1–64, default 64; Cursor: 60); `description_budget` (characters of a tool description in tools/list, default 1,000); `max_output_tokens` (estimated tokens a tool result may take, for tools whose own `max_output_tokens` is null; default 10,000; 0 = no token limit); `tool_limit_scope` (`tool`, the default: a tool's `rate_limit_per_min` counts every caller together; `user`: it counts per signed-in person) */
                        settings?: {
                            /**
                             * @description whom a tool's `rate_limit_per_min` counts: every caller together (`tool`, default) or each signed-in person (`user`)
                             * @enum {string}
                             */
                            tool_limit_scope?: "tool" | "user";
                            /** @description estimated tokens a tool result may take when the tool sets none (default 10,000; 0 = no token limit) */
                            max_output_tokens?: number;
                            /** @description code mode: which api calls programs may make (`writes`: `none` — reads only, the default —, `listed` — reads and `write_tools` —, `all`) and the limits of one run */
                            code?: {
                                /**
                                 * @description api calls a program may make: reads only (default), reads and write_tools, or all
                                 * @enum {string}
                                 */
                                writes?: "none" | "listed" | "all";
                                /** @description tool slugs programs may call although they write */
                                write_tools?: string[];
                                /** @description wall time of a run (default 30,000) */
                                wall_ms?: number;
                                /** @description the program's own CPU time (default 1,000) */
                                cpu_ms?: number;
                                /** @description memory of a run (default 64) */
                                memory_mb?: number;
                                /** @description api calls per run (default 50) */
                                max_calls?: number;
                                /** @description api calls waiting at once (default 8) */
                                max_inflight?: number;
                                /** @description estimated tokens of the answer (default 4,000) */
                                result_tokens?: number;
                                /** @description console lines kept (default 50) */
                                log_lines?: number;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description The created server. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "user_id": 1,
                         *       "name": "Weather API",
                         *       "slug": "weather-api",
                         *       "server_id": "9f1c2b3a4d5e6f70",
                         *       "status": "active",
                         *       "transport_type": "streamable-http",
                         *       "auth_type": "bearer",
                         *       "auth_config": {
                         *         "token_set": true
                         *       },
                         *       "outbound_auth_type": "none",
                         *       "outbound_auth_config": null,
                         *       "has_auth_credentials": false,
                         *       "has_test_credentials": false,
                         *       "auth_credentials_origins": null,
                         *       "test_auth_credentials_origins": null,
                         *       "cors_origins": null,
                         *       "rate_limit_per_min": 60,
                         *       "settings": {
                         *         "description": "Forecasts for Claude"
                         *       },
                         *       "tool_exposure": "auto",
                         *       "tools_list_tokens": {
                         *         "all": 540,
                         *         "current": 540,
                         *         "mode": "all"
                         *       },
                         *       "endpoint_url": "http://localhost:8080/mcp/weather-api",
                         *       "tool_count": 3,
                         *       "prompt_count": 0,
                         *       "resource_count": 0,
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "updated_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @description numeric id */
                            id: number;
                            /** Format: uuid */
                            uuid: string;
                            /** @description owner */
                            user_id: number;
                            /** @description who may use the server when it signs people in (an `oauth` server with Toolgate as its issuer): these users and the members of these groups (UUIDs); null (the default) = everyone signed in. Others get 403 at the MCP endpoint. */
                            access_list: {
                                /** @description UUIDs of the users admitted */
                                users: string[];
                                /** @description UUIDs of the groups (their members) admitted */
                                groups: string[];
                            } | null;
                            name: string;
                            /** @description used in the MCP endpoint path */
                            slug: string;
                            /** @description 16 hexadecimal characters */
                            server_id: string;
                            /** @enum {string} */
                            status: "active" | "paused" | "draft";
                            /** @enum {string} */
                            transport_type: "streamable-http";
                            /** @enum {string} */
                            auth_type: "none" | "bearer" | "api-key" | "basic" | "oauth";
                            /** @description inbound auth settings; secrets shown as `token_set`/`value_set`/`password_set: true` */
                            auth_config: {
                                [key: string]: unknown;
                            } | null;
                            /** @enum {string} */
                            outbound_auth_type: "none" | "bearer" | "api-key" | "basic" | "oauth2-client-credentials" | "oauth2-authorization-code" | "personal-token" | "token-exchange";
                            outbound_auth_config: {
                                [key: string]: unknown;
                            } | null;
                            /** @description production credentials are set */
                            has_auth_credentials: boolean;
                            /** @description test credentials are set */
                            has_test_credentials: boolean;
                            /** @description per-user outbound auth (oauth2-authorization-code, personal-token, token-exchange) as configured, without the client secret; null for shared credentials */
                            per_user_auth: {
                                [key: string]: unknown;
                            } | null;
                            /** @description origins the production credentials may be sent to; null while unbound (sent nowhere) */
                            auth_credentials_origins: string[] | null;
                            /** @description origins the test credentials may be sent to; null while unbound (sent nowhere) */
                            test_auth_credentials_origins: string[] | null;
                            cors_origins: string | null;
                            rate_limit_per_min: number;
                            /** @description free-form server settings (see the create body) */
                            settings: {
                                /** @description what the server is for */
                                description?: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            tool_exposure: "all" | "discovery" | "auto" | "code";
                            /** @description estimated tokens of the tools/list answer: `all` (every active tool listed), `current` (in the mode served now), `mode` (all, discovery or code) */
                            tools_list_tokens: {
                                all: number;
                                current: number;
                                /** @enum {string} */
                                mode: "all" | "discovery" | "code";
                            };
                            /** @description the MCP endpoint address */
                            endpoint_url: string;
                            tool_count: number;
                            prompt_count: number;
                            resource_count: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a server
         * @description One server by UUID or numeric id.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The server. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "user_id": 1,
                         *       "name": "Weather API",
                         *       "slug": "weather-api",
                         *       "server_id": "9f1c2b3a4d5e6f70",
                         *       "status": "active",
                         *       "transport_type": "streamable-http",
                         *       "auth_type": "bearer",
                         *       "auth_config": {
                         *         "token_set": true
                         *       },
                         *       "outbound_auth_type": "none",
                         *       "outbound_auth_config": null,
                         *       "has_auth_credentials": false,
                         *       "has_test_credentials": false,
                         *       "auth_credentials_origins": null,
                         *       "test_auth_credentials_origins": null,
                         *       "cors_origins": null,
                         *       "rate_limit_per_min": 60,
                         *       "settings": {
                         *         "description": "Forecasts for Claude"
                         *       },
                         *       "tool_exposure": "auto",
                         *       "tools_list_tokens": {
                         *         "all": 540,
                         *         "current": 540,
                         *         "mode": "all"
                         *       },
                         *       "endpoint_url": "http://localhost:8080/mcp/weather-api",
                         *       "tool_count": 3,
                         *       "prompt_count": 0,
                         *       "resource_count": 0,
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "updated_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @description numeric id */
                            id: number;
                            /** Format: uuid */
                            uuid: string;
                            /** @description owner */
                            user_id: number;
                            /** @description who may use the server when it signs people in (an `oauth` server with Toolgate as its issuer): these users and the members of these groups (UUIDs); null (the default) = everyone signed in. Others get 403 at the MCP endpoint. */
                            access_list: {
                                /** @description UUIDs of the users admitted */
                                users: string[];
                                /** @description UUIDs of the groups (their members) admitted */
                                groups: string[];
                            } | null;
                            name: string;
                            /** @description used in the MCP endpoint path */
                            slug: string;
                            /** @description 16 hexadecimal characters */
                            server_id: string;
                            /** @enum {string} */
                            status: "active" | "paused" | "draft";
                            /** @enum {string} */
                            transport_type: "streamable-http";
                            /** @enum {string} */
                            auth_type: "none" | "bearer" | "api-key" | "basic" | "oauth";
                            /** @description inbound auth settings; secrets shown as `token_set`/`value_set`/`password_set: true` */
                            auth_config: {
                                [key: string]: unknown;
                            } | null;
                            /** @enum {string} */
                            outbound_auth_type: "none" | "bearer" | "api-key" | "basic" | "oauth2-client-credentials" | "oauth2-authorization-code" | "personal-token" | "token-exchange";
                            outbound_auth_config: {
                                [key: string]: unknown;
                            } | null;
                            /** @description production credentials are set */
                            has_auth_credentials: boolean;
                            /** @description test credentials are set */
                            has_test_credentials: boolean;
                            /** @description per-user outbound auth (oauth2-authorization-code, personal-token, token-exchange) as configured, without the client secret; null for shared credentials */
                            per_user_auth: {
                                [key: string]: unknown;
                            } | null;
                            /** @description origins the production credentials may be sent to; null while unbound (sent nowhere) */
                            auth_credentials_origins: string[] | null;
                            /** @description origins the test credentials may be sent to; null while unbound (sent nowhere) */
                            test_auth_credentials_origins: string[] | null;
                            cors_origins: string | null;
                            rate_limit_per_min: number;
                            /** @description free-form server settings (see the create body) */
                            settings: {
                                /** @description what the server is for */
                                description?: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            tool_exposure: "all" | "discovery" | "auto" | "code";
                            /** @description estimated tokens of the tools/list answer: `all` (every active tool listed), `current` (in the mode served now), `mode` (all, discovery or code) */
                            tools_list_tokens: {
                                all: number;
                                current: number;
                                /** @enum {string} */
                                mode: "all" | "discovery" | "code";
                            };
                            /** @description the MCP endpoint address */
                            endpoint_url: string;
                            tool_count: number;
                            prompt_count: number;
                            resource_count: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Update a server
         * @description Partial update: only the fields sent change. `description` is merged into `settings.description`; credentials are re-encrypted.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    id: string;
                };
                cookie?: never;
            };
            /** @description Every field is optional; only the fields sent change. */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "status": "paused"
                     *     }
                     */
                    "application/json": {
                        /** @description display name */
                        name?: string;
                        /** @description MCP endpoint path segment (`/mcp/{slug}`); default: derived from the name, made unique */
                        slug?: string;
                        /** @description stored as `settings.description`; other settings keys are kept */
                        description?: string;
                        /**
                         * @description active: served; paused: MCP answers 503; draft: MCP answers 404
                         * @default active
                         * @enum {string}
                         */
                        status?: "active" | "paused" | "draft";
                        /**
                         * @description inbound auth MCP clients must present
                         * @default none
                         * @enum {string}
                         */
                        auth_type?: "none" | "bearer" | "api-key" | "basic" | "oauth";
                        /**
                         * @description Inbound auth of the MCP endpoint, per `auth_type`: bearer `{token}`; api-key `{name (default X-API-Key), location: header|query (default header), value}`; basic `{username, password}`; oauth `{authorization_servers | issuer, audience?, jwks_uri?, required_scopes?}`. Secrets (token, value, password) are at least 16 characters, stored as keyed hashes and read back as `token_set: true`-style placeholders; omit a secret to keep the stored one.
                         * @example {
                         *       "token": "a-long-random-token"
                         *     }
                         */
                        auth_config?: {
                            /** @description bearer: the token clients send (at least 16 characters) */
                            token?: string;
                            /** @description api-key: header or query parameter name */
                            name?: string;
                            /**
                             * @description api-key: where the key travels
                             * @enum {string}
                             */
                            location?: "header" | "query";
                            /** @description api-key: the key clients send (at least 16 characters) */
                            value?: string;
                            /** @description basic: user name */
                            username?: string;
                            /** @description basic: password (at least 16 characters) */
                            password?: string;
                            /** @description oauth: issuer URLs of the authorization servers */
                            authorization_servers?: string[];
                            /** @description oauth: expected `iss` (default: the first authorization server) */
                            issuer?: string;
                            /** @description oauth: expected `aud` (default: the endpoint URL) */
                            audience?: string;
                            /** @description oauth: JWKS URL (default: from the issuer metadata) */
                            jwks_uri?: string;
                            /** @description oauth: scopes every token must carry */
                            required_scopes?: string[];
                        } | null;
                        /**
                         * @description how tools authenticate to the upstream API
                         * @default none
                         * @enum {string}
                         */
                        outbound_auth_type?: "none" | "bearer" | "api-key" | "basic" | "oauth2-client-credentials" | "oauth2-authorization-code" | "personal-token" | "token-exchange";
                        /** @description non-secret details of the outbound auth (e.g. `scheme`, `token_url`, `scopes`), set by imports */
                        outbound_auth_config?: {
                            [key: string]: unknown;
                        } | null;
                        /**
                         * @description Production credentials. Credentials the tools send upstream, as a JSON-encoded string (or an object), encrypted at rest and never shown again. bearer `{"token"}`; api-key `{"name","value","location":"header|query|cookie|body"}` (body: a top-level field of a JSON or form body); basic `{"username","password"}`; oauth2-client-credentials `{"token_url","client_id","client_secret","scope?","audience?"}`. Any format may add `"extra_keys": [{"name","value","location"}]` (up to 20), further secrets sent with it (a cURL import puts every secret it finds there). An optional `type` picks the format; else the server's `outbound_auth_type`, else the shape. An empty string or null clears them.
                         * @example {"token":"sk_live_…"}
                         */
                        auth_credentials?: string | Record<string, never> | null;
                        /**
                         * @description Credentials of the admin Test action (fall back to auth_credentials). Credentials the tools send upstream, as a JSON-encoded string (or an object), encrypted at rest and never shown again. bearer `{"token"}`; api-key `{"name","value","location":"header|query|cookie|body"}` (body: a top-level field of a JSON or form body); basic `{"username","password"}`; oauth2-client-credentials `{"token_url","client_id","client_secret","scope?","audience?"}`. Any format may add `"extra_keys": [{"name","value","location"}]` (up to 20), further secrets sent with it (a cURL import puts every secret it finds there). An optional `type` picks the format; else the server's `outbound_auth_type`, else the shape. An empty string or null clears them.
                         * @example {"token":"sk_live_…"}
                         */
                        test_auth_credentials?: string | Record<string, never> | null;
                        /**
                         * @description Origins (`https://host[:port]`) the auth_credentials may be sent to; a tool whose URL has another origin is refused them (a tool error naming the origin, no request sent). Sent with `auth_credentials`, it is their list; without it, new credentials keep the list of the ones they replace, else take the origins of the server's tools at that moment. Changing it without sending `auth_credentials` again needs `manage_options` (403 `rest_forbidden`). Credentials saved while the server has no tool with a fixed origin stay unbound (sent nowhere) until an administrator saves or imports a tool, which binds them to its origin. An OAuth2 `token_url` is part of the credentials themselves: the client secret only ever goes there.
                         * @example [
                         *       "https://api.example.com"
                         *     ]
                         */
                        auth_credentials_origins?: string[] | null;
                        /**
                         * @description Origins (`https://host[:port]`) the test_auth_credentials may be sent to; a tool whose URL has another origin is refused them (a tool error naming the origin, no request sent). Sent with `test_auth_credentials`, it is their list; without it, new credentials keep the list of the ones they replace, else take the origins of the server's tools at that moment. Changing it without sending `test_auth_credentials` again needs `manage_options` (403 `rest_forbidden`). Credentials saved while the server has no tool with a fixed origin stay unbound (sent nowhere) until an administrator saves or imports a tool, which binds them to its origin. An OAuth2 `token_url` is part of the credentials themselves: the client secret only ever goes there.
                         * @example [
                         *       "https://api.example.com"
                         *     ]
                         */
                        test_auth_credentials_origins?: string[] | null;
                        /** @description comma-separated browser origins allowed on the MCP endpoint; empty or null allows all (`*`) */
                        cors_origins?: string | null;
                        /** @description MCP calls a minute per client; 0 = unlimited; default: the `default_rate_limit` setting (60) */
                        rate_limit_per_min?: number;
                        /** @description who may use the server when it signs people in (an `oauth` server with Toolgate as its issuer): these users and the members of these groups (UUIDs); null (the default) = everyone signed in. Others get 403 at the MCP endpoint. */
                        access_list?: {
                            /** @description UUIDs of the users admitted */
                            users: string[];
                            /** @description UUIDs of the groups (their members) admitted */
                            groups: string[];
                        } | null;
                        /**
                         * @description which tools MCP clients see: `all` active tools; `discovery` the three meta-tools search_tools, describe_tools and call_tool; `code` code mode: search_tools and describe_tools answer TypeScript declarations, execute runs a program against them in a sandbox (`settings.code`), call_tool calls one operation; `auto` (default for new servers) discovery once the active tools' definitions exceed `settings.token_budget` tokens (default 20,000), else all
                         * @enum {string}
                         */
                        tool_exposure?: "all" | "discovery" | "auto" | "code";
                        /** @description free-form server settings, merged into the stored ones: `description`; `token_budget` (auto exposure threshold in tokens, default 20,000); `tool_name_limit` (longest tool name served, 1–64, default 64; Cursor: 60); `description_budget` (characters of a tool description in tools/list, default 1,000); `max_output_tokens` (estimated tokens a tool result may take, for tools whose own `max_output_tokens` is null; default 10,000; 0 = no token limit); `tool_limit_scope` (`tool`, the default: a tool's `rate_limit_per_min` counts every caller together; `user`: it counts per signed-in person) */
                        settings?: {
                            /**
                             * @description whom a tool's `rate_limit_per_min` counts: every caller together (`tool`, default) or each signed-in person (`user`)
                             * @enum {string}
                             */
                            tool_limit_scope?: "tool" | "user";
                            /** @description estimated tokens a tool result may take when the tool sets none (default 10,000; 0 = no token limit) */
                            max_output_tokens?: number;
                            /** @description code mode: which api calls programs may make (`writes`: `none` — reads only, the default —, `listed` — reads and `write_tools` —, `all`) and the limits of one run */
                            code?: {
                                /**
                                 * @description api calls a program may make: reads only (default), reads and write_tools, or all
                                 * @enum {string}
                                 */
                                writes?: "none" | "listed" | "all";
                                /** @description tool slugs programs may call although they write */
                                write_tools?: string[];
                                /** @description wall time of a run (default 30,000) */
                                wall_ms?: number;
                                /** @description the program's own CPU time (default 1,000) */
                                cpu_ms?: number;
                                /** @description memory of a run (default 64) */
                                memory_mb?: number;
                                /** @description api calls per run (default 50) */
                                max_calls?: number;
                                /** @description api calls waiting at once (default 8) */
                                max_inflight?: number;
                                /** @description estimated tokens of the answer (default 4,000) */
                                result_tokens?: number;
                                /** @description console lines kept (default 50) */
                                log_lines?: number;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description The updated server. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "user_id": 1,
                         *       "name": "Weather API",
                         *       "slug": "weather-api",
                         *       "server_id": "9f1c2b3a4d5e6f70",
                         *       "status": "active",
                         *       "transport_type": "streamable-http",
                         *       "auth_type": "bearer",
                         *       "auth_config": {
                         *         "token_set": true
                         *       },
                         *       "outbound_auth_type": "none",
                         *       "outbound_auth_config": null,
                         *       "has_auth_credentials": false,
                         *       "has_test_credentials": false,
                         *       "auth_credentials_origins": null,
                         *       "test_auth_credentials_origins": null,
                         *       "cors_origins": null,
                         *       "rate_limit_per_min": 60,
                         *       "settings": {
                         *         "description": "Forecasts for Claude"
                         *       },
                         *       "tool_exposure": "auto",
                         *       "tools_list_tokens": {
                         *         "all": 540,
                         *         "current": 540,
                         *         "mode": "all"
                         *       },
                         *       "endpoint_url": "http://localhost:8080/mcp/weather-api",
                         *       "tool_count": 3,
                         *       "prompt_count": 0,
                         *       "resource_count": 0,
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "updated_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @description numeric id */
                            id: number;
                            /** Format: uuid */
                            uuid: string;
                            /** @description owner */
                            user_id: number;
                            /** @description who may use the server when it signs people in (an `oauth` server with Toolgate as its issuer): these users and the members of these groups (UUIDs); null (the default) = everyone signed in. Others get 403 at the MCP endpoint. */
                            access_list: {
                                /** @description UUIDs of the users admitted */
                                users: string[];
                                /** @description UUIDs of the groups (their members) admitted */
                                groups: string[];
                            } | null;
                            name: string;
                            /** @description used in the MCP endpoint path */
                            slug: string;
                            /** @description 16 hexadecimal characters */
                            server_id: string;
                            /** @enum {string} */
                            status: "active" | "paused" | "draft";
                            /** @enum {string} */
                            transport_type: "streamable-http";
                            /** @enum {string} */
                            auth_type: "none" | "bearer" | "api-key" | "basic" | "oauth";
                            /** @description inbound auth settings; secrets shown as `token_set`/`value_set`/`password_set: true` */
                            auth_config: {
                                [key: string]: unknown;
                            } | null;
                            /** @enum {string} */
                            outbound_auth_type: "none" | "bearer" | "api-key" | "basic" | "oauth2-client-credentials" | "oauth2-authorization-code" | "personal-token" | "token-exchange";
                            outbound_auth_config: {
                                [key: string]: unknown;
                            } | null;
                            /** @description production credentials are set */
                            has_auth_credentials: boolean;
                            /** @description test credentials are set */
                            has_test_credentials: boolean;
                            /** @description per-user outbound auth (oauth2-authorization-code, personal-token, token-exchange) as configured, without the client secret; null for shared credentials */
                            per_user_auth: {
                                [key: string]: unknown;
                            } | null;
                            /** @description origins the production credentials may be sent to; null while unbound (sent nowhere) */
                            auth_credentials_origins: string[] | null;
                            /** @description origins the test credentials may be sent to; null while unbound (sent nowhere) */
                            test_auth_credentials_origins: string[] | null;
                            cors_origins: string | null;
                            rate_limit_per_min: number;
                            /** @description free-form server settings (see the create body) */
                            settings: {
                                /** @description what the server is for */
                                description?: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            tool_exposure: "all" | "discovery" | "auto" | "code";
                            /** @description estimated tokens of the tools/list answer: `all` (every active tool listed), `current` (in the mode served now), `mode` (all, discovery or code) */
                            tools_list_tokens: {
                                all: number;
                                current: number;
                                /** @enum {string} */
                                mode: "all" | "discovery" | "code";
                            };
                            /** @description the MCP endpoint address */
                            endpoint_url: string;
                            tool_count: number;
                            prompt_count: number;
                            resource_count: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_update_failed`, `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a server
         * @description Deletes the server with its tools, prompts, resources and sessions. Call logs keep their names.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "deleted": true,
                         *       "id": 1,
                         *       "uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10"
                         *     }
                         */
                        "application/json": {
                            deleted?: boolean;
                            id?: number;
                            uuid?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_delete_failed`, `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Update a server
         * @description Partial update: only the fields sent change. `description` is merged into `settings.description`; credentials are re-encrypted.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    id: string;
                };
                cookie?: never;
            };
            /** @description Every field is optional; only the fields sent change. */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "status": "paused"
                     *     }
                     */
                    "application/json": {
                        /** @description display name */
                        name?: string;
                        /** @description MCP endpoint path segment (`/mcp/{slug}`); default: derived from the name, made unique */
                        slug?: string;
                        /** @description stored as `settings.description`; other settings keys are kept */
                        description?: string;
                        /**
                         * @description active: served; paused: MCP answers 503; draft: MCP answers 404
                         * @default active
                         * @enum {string}
                         */
                        status?: "active" | "paused" | "draft";
                        /**
                         * @description inbound auth MCP clients must present
                         * @default none
                         * @enum {string}
                         */
                        auth_type?: "none" | "bearer" | "api-key" | "basic" | "oauth";
                        /**
                         * @description Inbound auth of the MCP endpoint, per `auth_type`: bearer `{token}`; api-key `{name (default X-API-Key), location: header|query (default header), value}`; basic `{username, password}`; oauth `{authorization_servers | issuer, audience?, jwks_uri?, required_scopes?}`. Secrets (token, value, password) are at least 16 characters, stored as keyed hashes and read back as `token_set: true`-style placeholders; omit a secret to keep the stored one.
                         * @example {
                         *       "token": "a-long-random-token"
                         *     }
                         */
                        auth_config?: {
                            /** @description bearer: the token clients send (at least 16 characters) */
                            token?: string;
                            /** @description api-key: header or query parameter name */
                            name?: string;
                            /**
                             * @description api-key: where the key travels
                             * @enum {string}
                             */
                            location?: "header" | "query";
                            /** @description api-key: the key clients send (at least 16 characters) */
                            value?: string;
                            /** @description basic: user name */
                            username?: string;
                            /** @description basic: password (at least 16 characters) */
                            password?: string;
                            /** @description oauth: issuer URLs of the authorization servers */
                            authorization_servers?: string[];
                            /** @description oauth: expected `iss` (default: the first authorization server) */
                            issuer?: string;
                            /** @description oauth: expected `aud` (default: the endpoint URL) */
                            audience?: string;
                            /** @description oauth: JWKS URL (default: from the issuer metadata) */
                            jwks_uri?: string;
                            /** @description oauth: scopes every token must carry */
                            required_scopes?: string[];
                        } | null;
                        /**
                         * @description how tools authenticate to the upstream API
                         * @default none
                         * @enum {string}
                         */
                        outbound_auth_type?: "none" | "bearer" | "api-key" | "basic" | "oauth2-client-credentials" | "oauth2-authorization-code" | "personal-token" | "token-exchange";
                        /** @description non-secret details of the outbound auth (e.g. `scheme`, `token_url`, `scopes`), set by imports */
                        outbound_auth_config?: {
                            [key: string]: unknown;
                        } | null;
                        /**
                         * @description Production credentials. Credentials the tools send upstream, as a JSON-encoded string (or an object), encrypted at rest and never shown again. bearer `{"token"}`; api-key `{"name","value","location":"header|query|cookie|body"}` (body: a top-level field of a JSON or form body); basic `{"username","password"}`; oauth2-client-credentials `{"token_url","client_id","client_secret","scope?","audience?"}`. Any format may add `"extra_keys": [{"name","value","location"}]` (up to 20), further secrets sent with it (a cURL import puts every secret it finds there). An optional `type` picks the format; else the server's `outbound_auth_type`, else the shape. An empty string or null clears them.
                         * @example {"token":"sk_live_…"}
                         */
                        auth_credentials?: string | Record<string, never> | null;
                        /**
                         * @description Credentials of the admin Test action (fall back to auth_credentials). Credentials the tools send upstream, as a JSON-encoded string (or an object), encrypted at rest and never shown again. bearer `{"token"}`; api-key `{"name","value","location":"header|query|cookie|body"}` (body: a top-level field of a JSON or form body); basic `{"username","password"}`; oauth2-client-credentials `{"token_url","client_id","client_secret","scope?","audience?"}`. Any format may add `"extra_keys": [{"name","value","location"}]` (up to 20), further secrets sent with it (a cURL import puts every secret it finds there). An optional `type` picks the format; else the server's `outbound_auth_type`, else the shape. An empty string or null clears them.
                         * @example {"token":"sk_live_…"}
                         */
                        test_auth_credentials?: string | Record<string, never> | null;
                        /**
                         * @description Origins (`https://host[:port]`) the auth_credentials may be sent to; a tool whose URL has another origin is refused them (a tool error naming the origin, no request sent). Sent with `auth_credentials`, it is their list; without it, new credentials keep the list of the ones they replace, else take the origins of the server's tools at that moment. Changing it without sending `auth_credentials` again needs `manage_options` (403 `rest_forbidden`). Credentials saved while the server has no tool with a fixed origin stay unbound (sent nowhere) until an administrator saves or imports a tool, which binds them to its origin. An OAuth2 `token_url` is part of the credentials themselves: the client secret only ever goes there.
                         * @example [
                         *       "https://api.example.com"
                         *     ]
                         */
                        auth_credentials_origins?: string[] | null;
                        /**
                         * @description Origins (`https://host[:port]`) the test_auth_credentials may be sent to; a tool whose URL has another origin is refused them (a tool error naming the origin, no request sent). Sent with `test_auth_credentials`, it is their list; without it, new credentials keep the list of the ones they replace, else take the origins of the server's tools at that moment. Changing it without sending `test_auth_credentials` again needs `manage_options` (403 `rest_forbidden`). Credentials saved while the server has no tool with a fixed origin stay unbound (sent nowhere) until an administrator saves or imports a tool, which binds them to its origin. An OAuth2 `token_url` is part of the credentials themselves: the client secret only ever goes there.
                         * @example [
                         *       "https://api.example.com"
                         *     ]
                         */
                        test_auth_credentials_origins?: string[] | null;
                        /** @description comma-separated browser origins allowed on the MCP endpoint; empty or null allows all (`*`) */
                        cors_origins?: string | null;
                        /** @description MCP calls a minute per client; 0 = unlimited; default: the `default_rate_limit` setting (60) */
                        rate_limit_per_min?: number;
                        /** @description who may use the server when it signs people in (an `oauth` server with Toolgate as its issuer): these users and the members of these groups (UUIDs); null (the default) = everyone signed in. Others get 403 at the MCP endpoint. */
                        access_list?: {
                            /** @description UUIDs of the users admitted */
                            users: string[];
                            /** @description UUIDs of the groups (their members) admitted */
                            groups: string[];
                        } | null;
                        /**
                         * @description which tools MCP clients see: `all` active tools; `discovery` the three meta-tools search_tools, describe_tools and call_tool; `code` code mode: search_tools and describe_tools answer TypeScript declarations, execute runs a program against them in a sandbox (`settings.code`), call_tool calls one operation; `auto` (default for new servers) discovery once the active tools' definitions exceed `settings.token_budget` tokens (default 20,000), else all
                         * @enum {string}
                         */
                        tool_exposure?: "all" | "discovery" | "auto" | "code";
                        /** @description free-form server settings, merged into the stored ones: `description`; `token_budget` (auto exposure threshold in tokens, default 20,000); `tool_name_limit` (longest tool name served, 1–64, default 64; Cursor: 60); `description_budget` (characters of a tool description in tools/list, default 1,000); `max_output_tokens` (estimated tokens a tool result may take, for tools whose own `max_output_tokens` is null; default 10,000; 0 = no token limit); `tool_limit_scope` (`tool`, the default: a tool's `rate_limit_per_min` counts every caller together; `user`: it counts per signed-in person) */
                        settings?: {
                            /**
                             * @description whom a tool's `rate_limit_per_min` counts: every caller together (`tool`, default) or each signed-in person (`user`)
                             * @enum {string}
                             */
                            tool_limit_scope?: "tool" | "user";
                            /** @description estimated tokens a tool result may take when the tool sets none (default 10,000; 0 = no token limit) */
                            max_output_tokens?: number;
                            /** @description code mode: which api calls programs may make (`writes`: `none` — reads only, the default —, `listed` — reads and `write_tools` —, `all`) and the limits of one run */
                            code?: {
                                /**
                                 * @description api calls a program may make: reads only (default), reads and write_tools, or all
                                 * @enum {string}
                                 */
                                writes?: "none" | "listed" | "all";
                                /** @description tool slugs programs may call although they write */
                                write_tools?: string[];
                                /** @description wall time of a run (default 30,000) */
                                wall_ms?: number;
                                /** @description the program's own CPU time (default 1,000) */
                                cpu_ms?: number;
                                /** @description memory of a run (default 64) */
                                memory_mb?: number;
                                /** @description api calls per run (default 50) */
                                max_calls?: number;
                                /** @description api calls waiting at once (default 8) */
                                max_inflight?: number;
                                /** @description estimated tokens of the answer (default 4,000) */
                                result_tokens?: number;
                                /** @description console lines kept (default 50) */
                                log_lines?: number;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description The updated server. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "user_id": 1,
                         *       "name": "Weather API",
                         *       "slug": "weather-api",
                         *       "server_id": "9f1c2b3a4d5e6f70",
                         *       "status": "active",
                         *       "transport_type": "streamable-http",
                         *       "auth_type": "bearer",
                         *       "auth_config": {
                         *         "token_set": true
                         *       },
                         *       "outbound_auth_type": "none",
                         *       "outbound_auth_config": null,
                         *       "has_auth_credentials": false,
                         *       "has_test_credentials": false,
                         *       "auth_credentials_origins": null,
                         *       "test_auth_credentials_origins": null,
                         *       "cors_origins": null,
                         *       "rate_limit_per_min": 60,
                         *       "settings": {
                         *         "description": "Forecasts for Claude"
                         *       },
                         *       "tool_exposure": "auto",
                         *       "tools_list_tokens": {
                         *         "all": 540,
                         *         "current": 540,
                         *         "mode": "all"
                         *       },
                         *       "endpoint_url": "http://localhost:8080/mcp/weather-api",
                         *       "tool_count": 3,
                         *       "prompt_count": 0,
                         *       "resource_count": 0,
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "updated_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @description numeric id */
                            id: number;
                            /** Format: uuid */
                            uuid: string;
                            /** @description owner */
                            user_id: number;
                            /** @description who may use the server when it signs people in (an `oauth` server with Toolgate as its issuer): these users and the members of these groups (UUIDs); null (the default) = everyone signed in. Others get 403 at the MCP endpoint. */
                            access_list: {
                                /** @description UUIDs of the users admitted */
                                users: string[];
                                /** @description UUIDs of the groups (their members) admitted */
                                groups: string[];
                            } | null;
                            name: string;
                            /** @description used in the MCP endpoint path */
                            slug: string;
                            /** @description 16 hexadecimal characters */
                            server_id: string;
                            /** @enum {string} */
                            status: "active" | "paused" | "draft";
                            /** @enum {string} */
                            transport_type: "streamable-http";
                            /** @enum {string} */
                            auth_type: "none" | "bearer" | "api-key" | "basic" | "oauth";
                            /** @description inbound auth settings; secrets shown as `token_set`/`value_set`/`password_set: true` */
                            auth_config: {
                                [key: string]: unknown;
                            } | null;
                            /** @enum {string} */
                            outbound_auth_type: "none" | "bearer" | "api-key" | "basic" | "oauth2-client-credentials" | "oauth2-authorization-code" | "personal-token" | "token-exchange";
                            outbound_auth_config: {
                                [key: string]: unknown;
                            } | null;
                            /** @description production credentials are set */
                            has_auth_credentials: boolean;
                            /** @description test credentials are set */
                            has_test_credentials: boolean;
                            /** @description per-user outbound auth (oauth2-authorization-code, personal-token, token-exchange) as configured, without the client secret; null for shared credentials */
                            per_user_auth: {
                                [key: string]: unknown;
                            } | null;
                            /** @description origins the production credentials may be sent to; null while unbound (sent nowhere) */
                            auth_credentials_origins: string[] | null;
                            /** @description origins the test credentials may be sent to; null while unbound (sent nowhere) */
                            test_auth_credentials_origins: string[] | null;
                            cors_origins: string | null;
                            rate_limit_per_min: number;
                            /** @description free-form server settings (see the create body) */
                            settings: {
                                /** @description what the server is for */
                                description?: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            tool_exposure: "all" | "discovery" | "auto" | "code";
                            /** @description estimated tokens of the tools/list answer: `all` (every active tool listed), `current` (in the mode served now), `mode` (all, discovery or code) */
                            tools_list_tokens: {
                                all: number;
                                current: number;
                                /** @enum {string} */
                                mode: "all" | "discovery" | "code";
                            };
                            /** @description the MCP endpoint address */
                            endpoint_url: string;
                            tool_count: number;
                            prompt_count: number;
                            resource_count: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_update_failed`, `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/servers/{id}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read decrypted credentials
         * @description The production and test credentials, decrypted (administrators only; answered with `Cache-Control: no-store`).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Each set is the decoded credential object, or null. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "server_uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "outbound_auth_type": "bearer",
                         *       "auth_credentials": {
                         *         "type": "bearer",
                         *         "token": "sk_live_…"
                         *       },
                         *       "test_auth_credentials": null
                         *     }
                         */
                        "application/json": {
                            server_uuid?: string;
                            outbound_auth_type?: string;
                            auth_credentials?: {
                                [key: string]: unknown;
                            } | null;
                            test_auth_credentials?: {
                                [key: string]: unknown;
                            } | null;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_credentials_unreadable`, `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Every key (never its secret), revoked ones included.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The keys. */
                200: {
                    headers: {
                        "X-Svc-Total"?: number;
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "id": 2,
                         *         "uuid": "7a1b2c3d-…",
                         *         "name": "CI",
                         *         "prefix": "tgk_3fA9",
                         *         "role": "editor",
                         *         "capabilities": [
                         *           "svc_manage_servers",
                         *           "svc_view_analytics"
                         *         ],
                         *         "created_at": "2026-01-05T10:00:00.000Z",
                         *         "last_used_at": null,
                         *         "expires_at": null,
                         *         "revoked_at": null,
                         *         "owner": {
                         *           "id": "0b7c1e9a-…",
                         *           "email": "ada@example.com",
                         *           "display_name": "Ada"
                         *         }
                         *       }
                         *     ]
                         */
                        "application/json": ({
                            id: number;
                            uuid: string;
                            name: string;
                            /** @description the readable start of the key, to recognise it */
                            prefix: string;
                            role: string;
                            capabilities: ("manage_options" | "svc_manage_servers" | "svc_manage_settings" | "svc_view_analytics")[];
                            /** Format: date-time */
                            created_at: string;
                            last_used_at: string | null;
                            expires_at: string | null;
                            revoked_at: string | null;
                            /** @description the person who owns the key; null for a key of no person */
                            owner?: {
                                /** Format: uuid */
                                id: string;
                                email: string;
                                display_name: string;
                            } | null;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an API key
         * @description Creates a key and answers its `secret` once (`Cache-Control: no-store`); only its hash is kept.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "CI",
                     *       "role": "editor"
                     *     }
                     */
                    "application/json": {
                        /** @description label of the key */
                        name: string;
                        /**
                         * @description administrator (all), editor (servers + analytics), analyst (analytics), settings (settings + analytics)
                         * @default administrator
                         * @enum {string}
                         */
                        role?: "administrator" | "editor" | "analyst" | "settings";
                        /** @description explicit capabilities instead of the role's */
                        capabilities?: ("manage_options" | "svc_manage_servers" | "svc_manage_settings" | "svc_view_analytics")[];
                        /**
                         * Format: date-time
                         * @description the key stops working then; default never
                         */
                        expires_at?: string;
                    };
                };
            };
            responses: {
                /** @description The key, with its secret. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 2,
                         *       "uuid": "7a1b2c3d-…",
                         *       "name": "CI",
                         *       "prefix": "tgk_3fA9",
                         *       "role": "editor",
                         *       "capabilities": [
                         *         "svc_manage_servers",
                         *         "svc_view_analytics"
                         *       ],
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "last_used_at": null,
                         *       "expires_at": null,
                         *       "revoked_at": null,
                         *       "owner": {
                         *         "id": "0b7c1e9a-…",
                         *         "email": "ada@example.com",
                         *         "display_name": "Ada"
                         *       },
                         *       "secret": "tgk_3fA9…"
                         *     }
                         */
                        "application/json": {
                            id: number;
                            uuid: string;
                            name: string;
                            /** @description the readable start of the key, to recognise it */
                            prefix: string;
                            role: string;
                            capabilities: ("manage_options" | "svc_manage_servers" | "svc_manage_settings" | "svc_view_analytics")[];
                            /** Format: date-time */
                            created_at: string;
                            last_used_at: string | null;
                            expires_at: string | null;
                            revoked_at: string | null;
                            /** @description the person who owns the key; null for a key of no person */
                            owner?: {
                                /** Format: uuid */
                                id: string;
                                email: string;
                                display_name: string;
                            } | null;
                            /** @description shown only now */
                            secret?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling key
         * @description What the key in the Authorization header may do: its name, role, effective capabilities (`manage_options` implies every other) and prefix. Any valid key may read it; the admin UI uses it to hide what the role does not allow.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The calling key. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "name": "CI",
                         *       "role": "editor",
                         *       "capabilities": [
                         *         "svc_manage_servers",
                         *         "svc_view_analytics"
                         *       ],
                         *       "prefix": "tgk_3fA9xY2b"
                         *     }
                         */
                        "application/json": {
                            name: string;
                            role: string;
                            capabilities: ("manage_options" | "svc_manage_servers" | "svc_manage_settings" | "svc_view_analytics")[];
                            /** @description the readable start of the key */
                            prefix: string;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description The key stops working at once.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description key UUID, numeric id or prefix */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "revoked": true,
                         *       "id": 2,
                         *       "uuid": "7a1b2c3d-…"
                         *     }
                         */
                        "application/json": {
                            revoked?: boolean;
                            id?: number;
                            uuid?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{server_id}/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tools
         * @description Tools of a server by `sort_order`, a page at a time, filtered by status, tag or text.
         */
        get: {
            parameters: {
                query?: {
                    /** @description page number, from 1 (default 1) */
                    page?: string;
                    /** @description items per page, 1–100 (default 20) */
                    per_page?: string;
                    /** @description only tools in this status */
                    status?: "draft" | "active" | "inactive";
                    /** @description only tools carrying this tag */
                    tag?: string;
                    /** @description case-insensitive substring of the name, slug, description or endpoint URL */
                    search?: string;
                };
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The tools of this page. */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            id: number;
                            /** Format: uuid */
                            uuid: string;
                            /** @description numeric id of the server */
                            server_id: number;
                            name: string;
                            /** @description the MCP tool name */
                            slug: string;
                            description: string;
                            endpoint_url: string;
                            /** @description HTTP method token */
                            http_method: string;
                            /** @description JSON Schema of the arguments */
                            input_schema: {
                                /** @enum {string} */
                                type: "object";
                                properties?: {
                                    [key: string]: {
                                        type?: string | string[];
                                        description?: string;
                                        format?: string;
                                        enum?: unknown[];
                                        /** @description any JSON value */
                                        default?: unknown;
                                        examples?: unknown[];
                                    } & {
                                        [key: string]: unknown;
                                    };
                                };
                                required?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            output_schema: {
                                [key: string]: unknown;
                            } | null;
                            /** @description argument name → `{target, key, style?}` */
                            parameter_mapping: {
                                [key: string]: {
                                    /**
                                     * @description path ({{key}} in the URL), query, header, body (JSON field), form, cookie
                                     * @enum {string}
                                     */
                                    target: "path" | "query" | "header" | "body" | "form" | "cookie";
                                    /** @description name in the target */
                                    key: string;
                                    /**
                                     * @description arrays/objects in query and form targets: `a=1&a=2` (repeat/form, default), `a=1,2` (comma), `a=1%202` (spaceDelimited), `a=1|2` (pipeDelimited), `a[x]=1` (deepObject)
                                     * @enum {string}
                                     */
                                    style?: "repeat" | "form" | "comma" | "spaceDelimited" | "pipeDelimited" | "deepObject";
                                };
                            };
                            /** @description how the upstream response becomes the tool result (see the create body) */
                            response_mapping: {
                                selector?: string;
                                format?: string;
                                template?: string;
                                fields?: string[];
                                pagination?: {
                                    param?: string;
                                    kind?: string;
                                    limit_param?: string;
                                };
                            } & {
                                [key: string]: unknown;
                            };
                            headers: {
                                [key: string]: string;
                            } | null;
                            body_template: string | null;
                            /** @description multi-round settings (see the create body); null = defaults */
                            interaction: Record<string, never> | null;
                            /** @description long-running settings (see the create body); null = an ordinary call */
                            execution: Record<string, never> | null;
                            annotations: {
                                [key: string]: unknown;
                            } | null;
                            /** @description token budget of a result; null = the server's `settings.max_output_tokens` (default 10,000) */
                            max_output_tokens: number | null;
                            /**
                             * @description as an operator set it; null = from the annotations and method (policies read `resource.risk`)
                             * @enum {string|null}
                             */
                            risk: "read" | "write" | "destructive" | null;
                            /** @description seconds */
                            cache_ttl: number;
                            /** @description seconds */
                            timeout: number;
                            rate_limit_per_min: number;
                            retry_count: number;
                            /** @enum {string} */
                            retry_backoff: "none" | "fixed" | "linear" | "exponential";
                            sort_order: number;
                            /** @enum {string} */
                            status: "draft" | "active" | "inactive";
                            tags: string[];
                            /** @description set by a successful test */
                            last_tested_at: string | null;
                            /** @description set by a successful test */
                            last_test_response_ms: number | null;
                            /** @description estimated tokens of the definition tools/list serves (name, description, schemas, annotations) */
                            token_estimate: number;
                            server_uuid: string;
                            /** @description the server's 16-hex `server_id` */
                            server_hex: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description cURL import only: where detected credentials went */
                            _notice?: string;
                            /** @description cURL import only: parse warnings */
                            _warnings?: string[];
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a tool
         * @description Creates a tool by hand (status `active` unless given). The input schema must be a valid JSON Schema object schema; an explicit slug already used in the server is 400.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "Get forecast",
                     *       "description": "Weather forecast for a city",
                     *       "endpoint_url": "https://api.example.com/forecast/{{city}}",
                     *       "http_method": "GET",
                     *       "input_schema": {
                     *         "type": "object",
                     *         "properties": {
                     *           "city": {
                     *             "type": "string",
                     *             "description": "city name"
                     *           }
                     *         },
                     *         "required": [
                     *           "city"
                     *         ]
                     *       },
                     *       "parameter_mapping": {
                     *         "city": {
                     *           "target": "path",
                     *           "key": "city"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description display name */
                        name: string;
                        /** @description the MCP tool name, unique in the server; default: derived from the name */
                        slug?: string;
                        /**
                         * @description what the tool does, shown to the model
                         * @default
                         */
                        description?: string;
                        /** @description absolute http(s) URL of the upstream; may contain {{variable}} placeholders */
                        endpoint_url: string;
                        /**
                         * @description any HTTP method token (RFC 9110): GET, POST, PURGE, PROPFIND…; GET…CONNECT are upper-cased when sent
                         * @default GET
                         */
                        http_method?: string;
                        /** @description JSON Schema of the arguments, with type "object" (2020-12 unless `$schema` says otherwise); default `{"type":"object","properties":{}}` */
                        input_schema?: Record<string, never>;
                        /** @description JSON Schema (type "object") of the structured result, or null (default) */
                        output_schema?: Record<string, never> | null;
                        /** @description argument name → `{target, key, style?}`; default `{}` (unmapped arguments go to the query of GET, HEAD, DELETE and OPTIONS, else to the JSON body) */
                        parameter_mapping?: {
                            [key: string]: {
                                /**
                                 * @description path ({{key}} in the URL), query, header, body (JSON field), form, cookie
                                 * @enum {string}
                                 */
                                target: "path" | "query" | "header" | "body" | "form" | "cookie";
                                /** @description name in the target */
                                key: string;
                                /**
                                 * @description arrays/objects in query and form targets: `a=1&a=2` (repeat/form, default), `a=1,2` (comma), `a=1%202` (spaceDelimited), `a=1|2` (pipeDelimited), `a[x]=1` (deepObject)
                                 * @enum {string}
                                 */
                                style?: "repeat" | "form" | "comma" | "spaceDelimited" | "pipeDelimited" | "deepObject";
                            };
                        };
                        /** @description how the upstream response becomes the tool result; default `{"selector":"","format":"json","template":""}` */
                        response_mapping?: {
                            /** @description JSONPath (or dotted path) into the response body; empty = the whole body */
                            selector?: string;
                            /**
                             * @description json, text, markdown, or template (renders `template`)
                             * @enum {string}
                             */
                            format?: "json" | "text" | "markdown" | "template";
                            /** @description text with {{placeholders}} for format template */
                            template?: string;
                            /** @description JSONPath expressions of the parts of the (selected) answer to keep, e.g. `["$.id", "$.name", "$.items[*].id"]`: member, index and wildcard steps; the answer keeps its shape with only those parts (the served outputSchema is projected the same way), before `max_output_tokens` cuts it; empty or absent = everything */
                            fields?: string[];
                            /** @description the arguments that page the operation (found by the importers), named in the note when a long list is cut */
                            pagination?: {
                                /** @description the argument that pages further */
                                param?: string;
                                /**
                                 * @description `after_id` (the id of the last item shown, e.g. starting_after), `cursor` (a token from the answer), `offset` (items to skip) or `page` (page number)
                                 * @enum {string}
                                 */
                                kind?: "after_id" | "cursor" | "offset" | "page";
                                /** @description the page-size argument (limit, per_page…) */
                                limit_param?: string;
                            };
                        };
                        /**
                         * @description the risk policies see as `resource.risk`; null (default) = from the annotations (destructiveHint → destructive, readOnlyHint → read) or the method (GET → read, DELETE → destructive, else write)
                         * @enum {string|null}
                         */
                        risk?: "read" | "write" | "destructive" | null;
                        /** @description estimated tokens a result may take (after response mapping): a longer JSON list keeps its first items and says how to page further, a longer text is cut at a line; 0 = no token limit; null (default) = the server's `settings.max_output_tokens` (default 10,000) */
                        max_output_tokens?: number | null;
                        /** @description extra upstream headers (name → value; values may hold {{variables}}); default null */
                        headers?: {
                            [key: string]: string;
                        } | null;
                        /** @description request body with {{variable}} placeholders (JSON templates stay JSON); default null */
                        body_template?: string | null;
                        /** @description what Toolgate asks of the MCP client around a call (confirmation, inputs, a form for missing arguments, a summary); null = defaults */
                        interaction?: {
                            /**
                             * @description ask the person to confirm the request before it is sent; auto = DELETE tools only
                             * @default auto
                             * @enum {string}
                             */
                            confirm?: "auto" | "always" | "never";
                            /** @description text shown with the confirmation ({{argument}} placeholders allowed); default names the request */
                            confirm_message?: string;
                            /** @description arguments supplied by the person (user), the client's model (model) or the client's roots (roots) */
                            inputs?: ({
                                key: string;
                                /**
                                 * @description asked of the person with a form (elicitation)
                                 * @enum {unknown}
                                 */
                                kind: "user";
                                /** @description {{argument}} placeholders allowed */
                                message: string;
                                /** @description input_schema properties the person supplies (hidden from the model) */
                                arguments: string[];
                                /** @default 1 */
                                round?: number;
                                /**
                                 * @description skipped when the client cannot ask
                                 * @default false
                                 */
                                optional?: boolean;
                            } | {
                                key: string;
                                /**
                                 * @description written by the client's model (sampling)
                                 * @enum {unknown}
                                 */
                                kind: "model";
                                /** @description {{argument}} placeholders allowed */
                                prompt: string;
                                argument: string;
                                /** @default 500 */
                                max_tokens?: number;
                                /** @default 1 */
                                round?: number;
                                /** @default false */
                                optional?: boolean;
                            } | {
                                key: string;
                                /**
                                 * @description the client's roots (URIs) fill an argument
                                 * @enum {unknown}
                                 */
                                kind: "roots";
                                argument: string;
                                /** @default 1 */
                                round?: number;
                                /** @default false */
                                optional?: boolean;
                            })[];
                            /**
                             * @description a call missing required arguments asks the person for them with a form
                             * @default false
                             */
                            ask_missing?: boolean;
                            /** @description off when null: answers longer than over_bytes are condensed by the client's model */
                            summary?: {
                                /** @description what the client's model is asked to do with the answer */
                                instruction: string;
                                /**
                                 * @description answers longer than this many bytes are summarized
                                 * @default 4000
                                 */
                                over_bytes?: number;
                                /**
                                 * @description the summary's token budget
                                 * @default 500
                                 */
                                max_tokens?: number;
                            } | null;
                        } | null;
                        /** @description a long-running call: MCP clients that support the Tasks extension get a task to poll, and an upstream answering 202 Accepted with a Location is polled until done; null (default) = an ordinary call */
                        execution?: {
                            /**
                             * @description optional: a task for clients that support tasks, an ordinary (waiting) call for the others; required: clients without tasks get error -32021
                             * @default optional
                             * @enum {string}
                             */
                            task?: "optional" | "required";
                            /**
                             * @description follow `202 Accepted` with `Location` (or `Operation-Location`): poll that URL, same origin only, with the tool's credentials, honouring `Retry-After`, until it answers otherwise
                             * @default true
                             */
                            poll?: boolean;
                            /**
                             * @description wait between polls when the upstream sends no Retry-After
                             * @default 2000
                             */
                            poll_interval_ms?: number;
                            /**
                             * @description seconds the upstream work may take, polls included; then the call ends with a timeout error
                             * @default 3600
                             */
                            max_wait_s?: number;
                            /**
                             * @description seconds a task is kept from its creation (its result can be fetched until then)
                             * @default 3600
                             */
                            ttl_s?: number;
                            /**
                             * @description ask the tool's interaction questions (confirmation, inputs) inside the task (status input_required, answered with tasks/update) instead of before it is created
                             * @default false
                             */
                            ask_in_task?: boolean;
                            /**
                             * @description clients without tasks: a call still running after this many milliseconds answers that it continues, with a task id the `get_task_result` tool fetches; null (default) = the call waits
                             * @default null
                             */
                            continue_after_ms?: number | null;
                        } | null;
                        /** @description MCP tool annotations: `title` and boolean hints (readOnlyHint, destructiveHint, idempotentHint, openWorldHint) */
                        annotations?: ({
                            /** @description human-readable tool title */
                            title?: string;
                        } & {
                            [key: string]: boolean;
                        }) | null;
                        /**
                         * @description seconds a successful result is cached; 0 = no cache
                         * @default 0
                         */
                        cache_ttl?: number;
                        /** @description seconds per upstream attempt; default: the `default_timeout` setting (30) */
                        timeout?: number;
                        /**
                         * @description calls a minute to this tool; 0 = unlimited
                         * @default 60
                         */
                        rate_limit_per_min?: number;
                        /**
                         * @description retries after a failed attempt
                         * @default 0
                         */
                        retry_count?: number;
                        /**
                         * @description wait between retries
                         * @default exponential
                         * @enum {string}
                         */
                        retry_backoff?: "none" | "fixed" | "linear" | "exponential";
                        /**
                         * @description position in tools/list and exports (ascending)
                         * @default 0
                         */
                        sort_order?: number;
                        /**
                         * @description only active tools are listed and callable over MCP
                         * @default active
                         * @enum {string}
                         */
                        status?: "draft" | "active" | "inactive";
                        /**
                         * @description labels for filtering (duplicates and blanks are dropped)
                         * @default []
                         */
                        tags?: string[];
                    };
                };
            };
            responses: {
                /** @description The created tool. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 7,
                         *       "uuid": "5d0c8f5e-5b8e-4d8b-9d8e-1b2a3c4d5e6f",
                         *       "server_id": 1,
                         *       "name": "Get forecast",
                         *       "slug": "get_forecast",
                         *       "description": "Weather forecast for a city",
                         *       "endpoint_url": "https://api.example.com/forecast/{{city}}",
                         *       "http_method": "GET",
                         *       "input_schema": {
                         *         "type": "object",
                         *         "properties": {
                         *           "city": {
                         *             "type": "string"
                         *           }
                         *         },
                         *         "required": [
                         *           "city"
                         *         ]
                         *       },
                         *       "output_schema": null,
                         *       "parameter_mapping": {
                         *         "city": {
                         *           "target": "path",
                         *           "key": "city"
                         *         }
                         *       },
                         *       "response_mapping": {
                         *         "selector": "",
                         *         "format": "json",
                         *         "template": ""
                         *       },
                         *       "headers": null,
                         *       "body_template": null,
                         *       "annotations": null,
                         *       "max_output_tokens": null,
                         *       "risk": null,
                         *       "execution": null,
                         *       "cache_ttl": 0,
                         *       "timeout": 30,
                         *       "rate_limit_per_min": 60,
                         *       "retry_count": 0,
                         *       "retry_backoff": "exponential",
                         *       "sort_order": 0,
                         *       "status": "active",
                         *       "tags": [
                         *         "weather"
                         *       ],
                         *       "last_tested_at": null,
                         *       "last_test_response_ms": null,
                         *       "token_estimate": 180,
                         *       "server_uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "server_hex": "9f1c2b3a4d5e6f70",
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "updated_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            id: number;
                            /** Format: uuid */
                            uuid: string;
                            /** @description numeric id of the server */
                            server_id: number;
                            name: string;
                            /** @description the MCP tool name */
                            slug: string;
                            description: string;
                            endpoint_url: string;
                            /** @description HTTP method token */
                            http_method: string;
                            /** @description JSON Schema of the arguments */
                            input_schema: {
                                /** @enum {string} */
                                type: "object";
                                properties?: {
                                    [key: string]: {
                                        type?: string | string[];
                                        description?: string;
                                        format?: string;
                                        enum?: unknown[];
                                        /** @description any JSON value */
                                        default?: unknown;
                                        examples?: unknown[];
                                    } & {
                                        [key: string]: unknown;
                                    };
                                };
                                required?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            output_schema: {
                                [key: string]: unknown;
                            } | null;
                            /** @description argument name → `{target, key, style?}` */
                            parameter_mapping: {
                                [key: string]: {
                                    /**
                                     * @description path ({{key}} in the URL), query, header, body (JSON field), form, cookie
                                     * @enum {string}
                                     */
                                    target: "path" | "query" | "header" | "body" | "form" | "cookie";
                                    /** @description name in the target */
                                    key: string;
                                    /**
                                     * @description arrays/objects in query and form targets: `a=1&a=2` (repeat/form, default), `a=1,2` (comma), `a=1%202` (spaceDelimited), `a=1|2` (pipeDelimited), `a[x]=1` (deepObject)
                                     * @enum {string}
                                     */
                                    style?: "repeat" | "form" | "comma" | "spaceDelimited" | "pipeDelimited" | "deepObject";
                                };
                            };
                            /** @description how the upstream response becomes the tool result (see the create body) */
                            response_mapping: {
                                selector?: string;
                                format?: string;
                                template?: string;
                                fields?: string[];
                                pagination?: {
                                    param?: string;
                                    kind?: string;
                                    limit_param?: string;
                                };
                            } & {
                                [key: string]: unknown;
                            };
                            headers: {
                                [key: string]: string;
                            } | null;
                            body_template: string | null;
                            /** @description multi-round settings (see the create body); null = defaults */
                            interaction: Record<string, never> | null;
                            /** @description long-running settings (see the create body); null = an ordinary call */
                            execution: Record<string, never> | null;
                            annotations: {
                                [key: string]: unknown;
                            } | null;
                            /** @description token budget of a result; null = the server's `settings.max_output_tokens` (default 10,000) */
                            max_output_tokens: number | null;
                            /**
                             * @description as an operator set it; null = from the annotations and method (policies read `resource.risk`)
                             * @enum {string|null}
                             */
                            risk: "read" | "write" | "destructive" | null;
                            /** @description seconds */
                            cache_ttl: number;
                            /** @description seconds */
                            timeout: number;
                            rate_limit_per_min: number;
                            retry_count: number;
                            /** @enum {string} */
                            retry_backoff: "none" | "fixed" | "linear" | "exponential";
                            sort_order: number;
                            /** @enum {string} */
                            status: "draft" | "active" | "inactive";
                            tags: string[];
                            /** @description set by a successful test */
                            last_tested_at: string | null;
                            /** @description set by a successful test */
                            last_test_response_ms: number | null;
                            /** @description estimated tokens of the definition tools/list serves (name, description, schemas, annotations) */
                            token_estimate: number;
                            server_uuid: string;
                            /** @description the server's 16-hex `server_id` */
                            server_hex: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description cURL import only: where detected credentials went */
                            _notice?: string;
                            /** @description cURL import only: parse warnings */
                            _warnings?: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{server_id}/tools/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a tool
         * @description One tool by UUID or numeric id.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                    /** @description tool UUID or numeric id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The tool. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 7,
                         *       "uuid": "5d0c8f5e-5b8e-4d8b-9d8e-1b2a3c4d5e6f",
                         *       "server_id": 1,
                         *       "name": "Get forecast",
                         *       "slug": "get_forecast",
                         *       "description": "Weather forecast for a city",
                         *       "endpoint_url": "https://api.example.com/forecast/{{city}}",
                         *       "http_method": "GET",
                         *       "input_schema": {
                         *         "type": "object",
                         *         "properties": {
                         *           "city": {
                         *             "type": "string"
                         *           }
                         *         },
                         *         "required": [
                         *           "city"
                         *         ]
                         *       },
                         *       "output_schema": null,
                         *       "parameter_mapping": {
                         *         "city": {
                         *           "target": "path",
                         *           "key": "city"
                         *         }
                         *       },
                         *       "response_mapping": {
                         *         "selector": "",
                         *         "format": "json",
                         *         "template": ""
                         *       },
                         *       "headers": null,
                         *       "body_template": null,
                         *       "annotations": null,
                         *       "max_output_tokens": null,
                         *       "risk": null,
                         *       "execution": null,
                         *       "cache_ttl": 0,
                         *       "timeout": 30,
                         *       "rate_limit_per_min": 60,
                         *       "retry_count": 0,
                         *       "retry_backoff": "exponential",
                         *       "sort_order": 0,
                         *       "status": "active",
                         *       "tags": [
                         *         "weather"
                         *       ],
                         *       "last_tested_at": null,
                         *       "last_test_response_ms": null,
                         *       "token_estimate": 180,
                         *       "server_uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "server_hex": "9f1c2b3a4d5e6f70",
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "updated_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            id: number;
                            /** Format: uuid */
                            uuid: string;
                            /** @description numeric id of the server */
                            server_id: number;
                            name: string;
                            /** @description the MCP tool name */
                            slug: string;
                            description: string;
                            endpoint_url: string;
                            /** @description HTTP method token */
                            http_method: string;
                            /** @description JSON Schema of the arguments */
                            input_schema: {
                                /** @enum {string} */
                                type: "object";
                                properties?: {
                                    [key: string]: {
                                        type?: string | string[];
                                        description?: string;
                                        format?: string;
                                        enum?: unknown[];
                                        /** @description any JSON value */
                                        default?: unknown;
                                        examples?: unknown[];
                                    } & {
                                        [key: string]: unknown;
                                    };
                                };
                                required?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            output_schema: {
                                [key: string]: unknown;
                            } | null;
                            /** @description argument name → `{target, key, style?}` */
                            parameter_mapping: {
                                [key: string]: {
                                    /**
                                     * @description path ({{key}} in the URL), query, header, body (JSON field), form, cookie
                                     * @enum {string}
                                     */
                                    target: "path" | "query" | "header" | "body" | "form" | "cookie";
                                    /** @description name in the target */
                                    key: string;
                                    /**
                                     * @description arrays/objects in query and form targets: `a=1&a=2` (repeat/form, default), `a=1,2` (comma), `a=1%202` (spaceDelimited), `a=1|2` (pipeDelimited), `a[x]=1` (deepObject)
                                     * @enum {string}
                                     */
                                    style?: "repeat" | "form" | "comma" | "spaceDelimited" | "pipeDelimited" | "deepObject";
                                };
                            };
                            /** @description how the upstream response becomes the tool result (see the create body) */
                            response_mapping: {
                                selector?: string;
                                format?: string;
                                template?: string;
                                fields?: string[];
                                pagination?: {
                                    param?: string;
                                    kind?: string;
                                    limit_param?: string;
                                };
                            } & {
                                [key: string]: unknown;
                            };
                            headers: {
                                [key: string]: string;
                            } | null;
                            body_template: string | null;
                            /** @description multi-round settings (see the create body); null = defaults */
                            interaction: Record<string, never> | null;
                            /** @description long-running settings (see the create body); null = an ordinary call */
                            execution: Record<string, never> | null;
                            annotations: {
                                [key: string]: unknown;
                            } | null;
                            /** @description token budget of a result; null = the server's `settings.max_output_tokens` (default 10,000) */
                            max_output_tokens: number | null;
                            /**
                             * @description as an operator set it; null = from the annotations and method (policies read `resource.risk`)
                             * @enum {string|null}
                             */
                            risk: "read" | "write" | "destructive" | null;
                            /** @description seconds */
                            cache_ttl: number;
                            /** @description seconds */
                            timeout: number;
                            rate_limit_per_min: number;
                            retry_count: number;
                            /** @enum {string} */
                            retry_backoff: "none" | "fixed" | "linear" | "exponential";
                            sort_order: number;
                            /** @enum {string} */
                            status: "draft" | "active" | "inactive";
                            tags: string[];
                            /** @description set by a successful test */
                            last_tested_at: string | null;
                            /** @description set by a successful test */
                            last_test_response_ms: number | null;
                            /** @description estimated tokens of the definition tools/list serves (name, description, schemas, annotations) */
                            token_estimate: number;
                            server_uuid: string;
                            /** @description the server's 16-hex `server_id` */
                            server_hex: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description cURL import only: where detected credentials went */
                            _notice?: string;
                            /** @description cURL import only: parse warnings */
                            _warnings?: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Update a tool
         * @description Partial update (PATCH and PUT alike): only the fields sent change; MCP clients get list_changed.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                    /** @description tool UUID or numeric id */
                    id: string;
                };
                cookie?: never;
            };
            /** @description Every field is optional; only the fields sent change (PUT is the same partial update). */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "status": "inactive"
                     *     }
                     */
                    "application/json": {
                        /** @description display name */
                        name?: string;
                        /** @description the MCP tool name, unique in the server; default: derived from the name */
                        slug?: string;
                        /**
                         * @description what the tool does, shown to the model
                         * @default
                         */
                        description?: string;
                        /** @description absolute http(s) URL of the upstream; may contain {{variable}} placeholders */
                        endpoint_url?: string;
                        /**
                         * @description any HTTP method token (RFC 9110): GET, POST, PURGE, PROPFIND…; GET…CONNECT are upper-cased when sent
                         * @default GET
                         */
                        http_method?: string;
                        /** @description JSON Schema of the arguments, with type "object" (2020-12 unless `$schema` says otherwise); default `{"type":"object","properties":{}}` */
                        input_schema?: Record<string, never>;
                        /** @description JSON Schema (type "object") of the structured result, or null (default) */
                        output_schema?: Record<string, never> | null;
                        /** @description argument name → `{target, key, style?}`; default `{}` (unmapped arguments go to the query of GET, HEAD, DELETE and OPTIONS, else to the JSON body) */
                        parameter_mapping?: {
                            [key: string]: {
                                /**
                                 * @description path ({{key}} in the URL), query, header, body (JSON field), form, cookie
                                 * @enum {string}
                                 */
                                target: "path" | "query" | "header" | "body" | "form" | "cookie";
                                /** @description name in the target */
                                key: string;
                                /**
                                 * @description arrays/objects in query and form targets: `a=1&a=2` (repeat/form, default), `a=1,2` (comma), `a=1%202` (spaceDelimited), `a=1|2` (pipeDelimited), `a[x]=1` (deepObject)
                                 * @enum {string}
                                 */
                                style?: "repeat" | "form" | "comma" | "spaceDelimited" | "pipeDelimited" | "deepObject";
                            };
                        };
                        /** @description how the upstream response becomes the tool result; default `{"selector":"","format":"json","template":""}` */
                        response_mapping?: {
                            /** @description JSONPath (or dotted path) into the response body; empty = the whole body */
                            selector?: string;
                            /**
                             * @description json, text, markdown, or template (renders `template`)
                             * @enum {string}
                             */
                            format?: "json" | "text" | "markdown" | "template";
                            /** @description text with {{placeholders}} for format template */
                            template?: string;
                            /** @description JSONPath expressions of the parts of the (selected) answer to keep, e.g. `["$.id", "$.name", "$.items[*].id"]`: member, index and wildcard steps; the answer keeps its shape with only those parts (the served outputSchema is projected the same way), before `max_output_tokens` cuts it; empty or absent = everything */
                            fields?: string[];
                            /** @description the arguments that page the operation (found by the importers), named in the note when a long list is cut */
                            pagination?: {
                                /** @description the argument that pages further */
                                param?: string;
                                /**
                                 * @description `after_id` (the id of the last item shown, e.g. starting_after), `cursor` (a token from the answer), `offset` (items to skip) or `page` (page number)
                                 * @enum {string}
                                 */
                                kind?: "after_id" | "cursor" | "offset" | "page";
                                /** @description the page-size argument (limit, per_page…) */
                                limit_param?: string;
                            };
                        };
                        /**
                         * @description the risk policies see as `resource.risk`; null (default) = from the annotations (destructiveHint → destructive, readOnlyHint → read) or the method (GET → read, DELETE → destructive, else write)
                         * @enum {string|null}
                         */
                        risk?: "read" | "write" | "destructive" | null;
                        /** @description estimated tokens a result may take (after response mapping): a longer JSON list keeps its first items and says how to page further, a longer text is cut at a line; 0 = no token limit; null (default) = the server's `settings.max_output_tokens` (default 10,000) */
                        max_output_tokens?: number | null;
                        /** @description extra upstream headers (name → value; values may hold {{variables}}); default null */
                        headers?: {
                            [key: string]: string;
                        } | null;
                        /** @description request body with {{variable}} placeholders (JSON templates stay JSON); default null */
                        body_template?: string | null;
                        /** @description what Toolgate asks of the MCP client around a call (confirmation, inputs, a form for missing arguments, a summary); null = defaults */
                        interaction?: {
                            /**
                             * @description ask the person to confirm the request before it is sent; auto = DELETE tools only
                             * @default auto
                             * @enum {string}
                             */
                            confirm?: "auto" | "always" | "never";
                            /** @description text shown with the confirmation ({{argument}} placeholders allowed); default names the request */
                            confirm_message?: string;
                            /** @description arguments supplied by the person (user), the client's model (model) or the client's roots (roots) */
                            inputs?: ({
                                key: string;
                                /**
                                 * @description asked of the person with a form (elicitation)
                                 * @enum {unknown}
                                 */
                                kind: "user";
                                /** @description {{argument}} placeholders allowed */
                                message: string;
                                /** @description input_schema properties the person supplies (hidden from the model) */
                                arguments: string[];
                                /** @default 1 */
                                round?: number;
                                /**
                                 * @description skipped when the client cannot ask
                                 * @default false
                                 */
                                optional?: boolean;
                            } | {
                                key: string;
                                /**
                                 * @description written by the client's model (sampling)
                                 * @enum {unknown}
                                 */
                                kind: "model";
                                /** @description {{argument}} placeholders allowed */
                                prompt: string;
                                argument: string;
                                /** @default 500 */
                                max_tokens?: number;
                                /** @default 1 */
                                round?: number;
                                /** @default false */
                                optional?: boolean;
                            } | {
                                key: string;
                                /**
                                 * @description the client's roots (URIs) fill an argument
                                 * @enum {unknown}
                                 */
                                kind: "roots";
                                argument: string;
                                /** @default 1 */
                                round?: number;
                                /** @default false */
                                optional?: boolean;
                            })[];
                            /**
                             * @description a call missing required arguments asks the person for them with a form
                             * @default false
                             */
                            ask_missing?: boolean;
                            /** @description off when null: answers longer than over_bytes are condensed by the client's model */
                            summary?: {
                                /** @description what the client's model is asked to do with the answer */
                                instruction: string;
                                /**
                                 * @description answers longer than this many bytes are summarized
                                 * @default 4000
                                 */
                                over_bytes?: number;
                                /**
                                 * @description the summary's token budget
                                 * @default 500
                                 */
                                max_tokens?: number;
                            } | null;
                        } | null;
                        /** @description a long-running call: MCP clients that support the Tasks extension get a task to poll, and an upstream answering 202 Accepted with a Location is polled until done; null (default) = an ordinary call */
                        execution?: {
                            /**
                             * @description optional: a task for clients that support tasks, an ordinary (waiting) call for the others; required: clients without tasks get error -32021
                             * @default optional
                             * @enum {string}
                             */
                            task?: "optional" | "required";
                            /**
                             * @description follow `202 Accepted` with `Location` (or `Operation-Location`): poll that URL, same origin only, with the tool's credentials, honouring `Retry-After`, until it answers otherwise
                             * @default true
                             */
                            poll?: boolean;
                            /**
                             * @description wait between polls when the upstream sends no Retry-After
                             * @default 2000
                             */
                            poll_interval_ms?: number;
                            /**
                             * @description seconds the upstream work may take, polls included; then the call ends with a timeout error
                             * @default 3600
                             */
                            max_wait_s?: number;
                            /**
                             * @description seconds a task is kept from its creation (its result can be fetched until then)
                             * @default 3600
                             */
                            ttl_s?: number;
                            /**
                             * @description ask the tool's interaction questions (confirmation, inputs) inside the task (status input_required, answered with tasks/update) instead of before it is created
                             * @default false
                             */
                            ask_in_task?: boolean;
                            /**
                             * @description clients without tasks: a call still running after this many milliseconds answers that it continues, with a task id the `get_task_result` tool fetches; null (default) = the call waits
                             * @default null
                             */
                            continue_after_ms?: number | null;
                        } | null;
                        /** @description MCP tool annotations: `title` and boolean hints (readOnlyHint, destructiveHint, idempotentHint, openWorldHint) */
                        annotations?: ({
                            /** @description human-readable tool title */
                            title?: string;
                        } & {
                            [key: string]: boolean;
                        }) | null;
                        /**
                         * @description seconds a successful result is cached; 0 = no cache
                         * @default 0
                         */
                        cache_ttl?: number;
                        /** @description seconds per upstream attempt; default: the `default_timeout` setting (30) */
                        timeout?: number;
                        /**
                         * @description calls a minute to this tool; 0 = unlimited
                         * @default 60
                         */
                        rate_limit_per_min?: number;
                        /**
                         * @description retries after a failed attempt
                         * @default 0
                         */
                        retry_count?: number;
                        /**
                         * @description wait between retries
                         * @default exponential
                         * @enum {string}
                         */
                        retry_backoff?: "none" | "fixed" | "linear" | "exponential";
                        /**
                         * @description position in tools/list and exports (ascending)
                         * @default 0
                         */
                        sort_order?: number;
                        /**
                         * @description only active tools are listed and callable over MCP
                         * @default active
                         * @enum {string}
                         */
                        status?: "draft" | "active" | "inactive";
                        /**
                         * @description labels for filtering (duplicates and blanks are dropped)
                         * @default []
                         */
                        tags?: string[];
                    };
                };
            };
            responses: {
                /** @description The updated tool. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 7,
                         *       "uuid": "5d0c8f5e-5b8e-4d8b-9d8e-1b2a3c4d5e6f",
                         *       "server_id": 1,
                         *       "name": "Get forecast",
                         *       "slug": "get_forecast",
                         *       "description": "Weather forecast for a city",
                         *       "endpoint_url": "https://api.example.com/forecast/{{city}}",
                         *       "http_method": "GET",
                         *       "input_schema": {
                         *         "type": "object",
                         *         "properties": {
                         *           "city": {
                         *             "type": "string"
                         *           }
                         *         },
                         *         "required": [
                         *           "city"
                         *         ]
                         *       },
                         *       "output_schema": null,
                         *       "parameter_mapping": {
                         *         "city": {
                         *           "target": "path",
                         *           "key": "city"
                         *         }
                         *       },
                         *       "response_mapping": {
                         *         "selector": "",
                         *         "format": "json",
                         *         "template": ""
                         *       },
                         *       "headers": null,
                         *       "body_template": null,
                         *       "annotations": null,
                         *       "max_output_tokens": null,
                         *       "risk": null,
                         *       "execution": null,
                         *       "cache_ttl": 0,
                         *       "timeout": 30,
                         *       "rate_limit_per_min": 60,
                         *       "retry_count": 0,
                         *       "retry_backoff": "exponential",
                         *       "sort_order": 0,
                         *       "status": "active",
                         *       "tags": [
                         *         "weather"
                         *       ],
                         *       "last_tested_at": null,
                         *       "last_test_response_ms": null,
                         *       "token_estimate": 180,
                         *       "server_uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "server_hex": "9f1c2b3a4d5e6f70",
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "updated_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            id: number;
                            /** Format: uuid */
                            uuid: string;
                            /** @description numeric id of the server */
                            server_id: number;
                            name: string;
                            /** @description the MCP tool name */
                            slug: string;
                            description: string;
                            endpoint_url: string;
                            /** @description HTTP method token */
                            http_method: string;
                            /** @description JSON Schema of the arguments */
                            input_schema: {
                                /** @enum {string} */
                                type: "object";
                                properties?: {
                                    [key: string]: {
                                        type?: string | string[];
                                        description?: string;
                                        format?: string;
                                        enum?: unknown[];
                                        /** @description any JSON value */
                                        default?: unknown;
                                        examples?: unknown[];
                                    } & {
                                        [key: string]: unknown;
                                    };
                                };
                                required?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            output_schema: {
                                [key: string]: unknown;
                            } | null;
                            /** @description argument name → `{target, key, style?}` */
                            parameter_mapping: {
                                [key: string]: {
                                    /**
                                     * @description path ({{key}} in the URL), query, header, body (JSON field), form, cookie
                                     * @enum {string}
                                     */
                                    target: "path" | "query" | "header" | "body" | "form" | "cookie";
                                    /** @description name in the target */
                                    key: string;
                                    /**
                                     * @description arrays/objects in query and form targets: `a=1&a=2` (repeat/form, default), `a=1,2` (comma), `a=1%202` (spaceDelimited), `a=1|2` (pipeDelimited), `a[x]=1` (deepObject)
                                     * @enum {string}
                                     */
                                    style?: "repeat" | "form" | "comma" | "spaceDelimited" | "pipeDelimited" | "deepObject";
                                };
                            };
                            /** @description how the upstream response becomes the tool result (see the create body) */
                            response_mapping: {
                                selector?: string;
                                format?: string;
                                template?: string;
                                fields?: string[];
                                pagination?: {
                                    param?: string;
                                    kind?: string;
                                    limit_param?: string;
                                };
                            } & {
                                [key: string]: unknown;
                            };
                            headers: {
                                [key: string]: string;
                            } | null;
                            body_template: string | null;
                            /** @description multi-round settings (see the create body); null = defaults */
                            interaction: Record<string, never> | null;
                            /** @description long-running settings (see the create body); null = an ordinary call */
                            execution: Record<string, never> | null;
                            annotations: {
                                [key: string]: unknown;
                            } | null;
                            /** @description token budget of a result; null = the server's `settings.max_output_tokens` (default 10,000) */
                            max_output_tokens: number | null;
                            /**
                             * @description as an operator set it; null = from the annotations and method (policies read `resource.risk`)
                             * @enum {string|null}
                             */
                            risk: "read" | "write" | "destructive" | null;
                            /** @description seconds */
                            cache_ttl: number;
                            /** @description seconds */
                            timeout: number;
                            rate_limit_per_min: number;
                            retry_count: number;
                            /** @enum {string} */
                            retry_backoff: "none" | "fixed" | "linear" | "exponential";
                            sort_order: number;
                            /** @enum {string} */
                            status: "draft" | "active" | "inactive";
                            tags: string[];
                            /** @description set by a successful test */
                            last_tested_at: string | null;
                            /** @description set by a successful test */
                            last_test_response_ms: number | null;
                            /** @description estimated tokens of the definition tools/list serves (name, description, schemas, annotations) */
                            token_estimate: number;
                            server_uuid: string;
                            /** @description the server's 16-hex `server_id` */
                            server_hex: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description cURL import only: where detected credentials went */
                            _notice?: string;
                            /** @description cURL import only: parse warnings */
                            _warnings?: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_update_failed`, `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a tool
         * @description Deletes the tool permanently.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                    /** @description tool UUID or numeric id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "deleted": true
                         *     }
                         */
                        "application/json": {
                            deleted?: boolean;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_delete_failed`, `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Update a tool
         * @description Partial update (PATCH and PUT alike): only the fields sent change; MCP clients get list_changed.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                    /** @description tool UUID or numeric id */
                    id: string;
                };
                cookie?: never;
            };
            /** @description Every field is optional; only the fields sent change (PUT is the same partial update). */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "status": "inactive"
                     *     }
                     */
                    "application/json": {
                        /** @description display name */
                        name?: string;
                        /** @description the MCP tool name, unique in the server; default: derived from the name */
                        slug?: string;
                        /**
                         * @description what the tool does, shown to the model
                         * @default
                         */
                        description?: string;
                        /** @description absolute http(s) URL of the upstream; may contain {{variable}} placeholders */
                        endpoint_url?: string;
                        /**
                         * @description any HTTP method token (RFC 9110): GET, POST, PURGE, PROPFIND…; GET…CONNECT are upper-cased when sent
                         * @default GET
                         */
                        http_method?: string;
                        /** @description JSON Schema of the arguments, with type "object" (2020-12 unless `$schema` says otherwise); default `{"type":"object","properties":{}}` */
                        input_schema?: Record<string, never>;
                        /** @description JSON Schema (type "object") of the structured result, or null (default) */
                        output_schema?: Record<string, never> | null;
                        /** @description argument name → `{target, key, style?}`; default `{}` (unmapped arguments go to the query of GET, HEAD, DELETE and OPTIONS, else to the JSON body) */
                        parameter_mapping?: {
                            [key: string]: {
                                /**
                                 * @description path ({{key}} in the URL), query, header, body (JSON field), form, cookie
                                 * @enum {string}
                                 */
                                target: "path" | "query" | "header" | "body" | "form" | "cookie";
                                /** @description name in the target */
                                key: string;
                                /**
                                 * @description arrays/objects in query and form targets: `a=1&a=2` (repeat/form, default), `a=1,2` (comma), `a=1%202` (spaceDelimited), `a=1|2` (pipeDelimited), `a[x]=1` (deepObject)
                                 * @enum {string}
                                 */
                                style?: "repeat" | "form" | "comma" | "spaceDelimited" | "pipeDelimited" | "deepObject";
                            };
                        };
                        /** @description how the upstream response becomes the tool result; default `{"selector":"","format":"json","template":""}` */
                        response_mapping?: {
                            /** @description JSONPath (or dotted path) into the response body; empty = the whole body */
                            selector?: string;
                            /**
                             * @description json, text, markdown, or template (renders `template`)
                             * @enum {string}
                             */
                            format?: "json" | "text" | "markdown" | "template";
                            /** @description text with {{placeholders}} for format template */
                            template?: string;
                            /** @description JSONPath expressions of the parts of the (selected) answer to keep, e.g. `["$.id", "$.name", "$.items[*].id"]`: member, index and wildcard steps; the answer keeps its shape with only those parts (the served outputSchema is projected the same way), before `max_output_tokens` cuts it; empty or absent = everything */
                            fields?: string[];
                            /** @description the arguments that page the operation (found by the importers), named in the note when a long list is cut */
                            pagination?: {
                                /** @description the argument that pages further */
                                param?: string;
                                /**
                                 * @description `after_id` (the id of the last item shown, e.g. starting_after), `cursor` (a token from the answer), `offset` (items to skip) or `page` (page number)
                                 * @enum {string}
                                 */
                                kind?: "after_id" | "cursor" | "offset" | "page";
                                /** @description the page-size argument (limit, per_page…) */
                                limit_param?: string;
                            };
                        };
                        /**
                         * @description the risk policies see as `resource.risk`; null (default) = from the annotations (destructiveHint → destructive, readOnlyHint → read) or the method (GET → read, DELETE → destructive, else write)
                         * @enum {string|null}
                         */
                        risk?: "read" | "write" | "destructive" | null;
                        /** @description estimated tokens a result may take (after response mapping): a longer JSON list keeps its first items and says how to page further, a longer text is cut at a line; 0 = no token limit; null (default) = the server's `settings.max_output_tokens` (default 10,000) */
                        max_output_tokens?: number | null;
                        /** @description extra upstream headers (name → value; values may hold {{variables}}); default null */
                        headers?: {
                            [key: string]: string;
                        } | null;
                        /** @description request body with {{variable}} placeholders (JSON templates stay JSON); default null */
                        body_template?: string | null;
                        /** @description what Toolgate asks of the MCP client around a call (confirmation, inputs, a form for missing arguments, a summary); null = defaults */
                        interaction?: {
                            /**
                             * @description ask the person to confirm the request before it is sent; auto = DELETE tools only
                             * @default auto
                             * @enum {string}
                             */
                            confirm?: "auto" | "always" | "never";
                            /** @description text shown with the confirmation ({{argument}} placeholders allowed); default names the request */
                            confirm_message?: string;
                            /** @description arguments supplied by the person (user), the client's model (model) or the client's roots (roots) */
                            inputs?: ({
                                key: string;
                                /**
                                 * @description asked of the person with a form (elicitation)
                                 * @enum {unknown}
                                 */
                                kind: "user";
                                /** @description {{argument}} placeholders allowed */
                                message: string;
                                /** @description input_schema properties the person supplies (hidden from the model) */
                                arguments: string[];
                                /** @default 1 */
                                round?: number;
                                /**
                                 * @description skipped when the client cannot ask
                                 * @default false
                                 */
                                optional?: boolean;
                            } | {
                                key: string;
                                /**
                                 * @description written by the client's model (sampling)
                                 * @enum {unknown}
                                 */
                                kind: "model";
                                /** @description {{argument}} placeholders allowed */
                                prompt: string;
                                argument: string;
                                /** @default 500 */
                                max_tokens?: number;
                                /** @default 1 */
                                round?: number;
                                /** @default false */
                                optional?: boolean;
                            } | {
                                key: string;
                                /**
                                 * @description the client's roots (URIs) fill an argument
                                 * @enum {unknown}
                                 */
                                kind: "roots";
                                argument: string;
                                /** @default 1 */
                                round?: number;
                                /** @default false */
                                optional?: boolean;
                            })[];
                            /**
                             * @description a call missing required arguments asks the person for them with a form
                             * @default false
                             */
                            ask_missing?: boolean;
                            /** @description off when null: answers longer than over_bytes are condensed by the client's model */
                            summary?: {
                                /** @description what the client's model is asked to do with the answer */
                                instruction: string;
                                /**
                                 * @description answers longer than this many bytes are summarized
                                 * @default 4000
                                 */
                                over_bytes?: number;
                                /**
                                 * @description the summary's token budget
                                 * @default 500
                                 */
                                max_tokens?: number;
                            } | null;
                        } | null;
                        /** @description a long-running call: MCP clients that support the Tasks extension get a task to poll, and an upstream answering 202 Accepted with a Location is polled until done; null (default) = an ordinary call */
                        execution?: {
                            /**
                             * @description optional: a task for clients that support tasks, an ordinary (waiting) call for the others; required: clients without tasks get error -32021
                             * @default optional
                             * @enum {string}
                             */
                            task?: "optional" | "required";
                            /**
                             * @description follow `202 Accepted` with `Location` (or `Operation-Location`): poll that URL, same origin only, with the tool's credentials, honouring `Retry-After`, until it answers otherwise
                             * @default true
                             */
                            poll?: boolean;
                            /**
                             * @description wait between polls when the upstream sends no Retry-After
                             * @default 2000
                             */
                            poll_interval_ms?: number;
                            /**
                             * @description seconds the upstream work may take, polls included; then the call ends with a timeout error
                             * @default 3600
                             */
                            max_wait_s?: number;
                            /**
                             * @description seconds a task is kept from its creation (its result can be fetched until then)
                             * @default 3600
                             */
                            ttl_s?: number;
                            /**
                             * @description ask the tool's interaction questions (confirmation, inputs) inside the task (status input_required, answered with tasks/update) instead of before it is created
                             * @default false
                             */
                            ask_in_task?: boolean;
                            /**
                             * @description clients without tasks: a call still running after this many milliseconds answers that it continues, with a task id the `get_task_result` tool fetches; null (default) = the call waits
                             * @default null
                             */
                            continue_after_ms?: number | null;
                        } | null;
                        /** @description MCP tool annotations: `title` and boolean hints (readOnlyHint, destructiveHint, idempotentHint, openWorldHint) */
                        annotations?: ({
                            /** @description human-readable tool title */
                            title?: string;
                        } & {
                            [key: string]: boolean;
                        }) | null;
                        /**
                         * @description seconds a successful result is cached; 0 = no cache
                         * @default 0
                         */
                        cache_ttl?: number;
                        /** @description seconds per upstream attempt; default: the `default_timeout` setting (30) */
                        timeout?: number;
                        /**
                         * @description calls a minute to this tool; 0 = unlimited
                         * @default 60
                         */
                        rate_limit_per_min?: number;
                        /**
                         * @description retries after a failed attempt
                         * @default 0
                         */
                        retry_count?: number;
                        /**
                         * @description wait between retries
                         * @default exponential
                         * @enum {string}
                         */
                        retry_backoff?: "none" | "fixed" | "linear" | "exponential";
                        /**
                         * @description position in tools/list and exports (ascending)
                         * @default 0
                         */
                        sort_order?: number;
                        /**
                         * @description only active tools are listed and callable over MCP
                         * @default active
                         * @enum {string}
                         */
                        status?: "draft" | "active" | "inactive";
                        /**
                         * @description labels for filtering (duplicates and blanks are dropped)
                         * @default []
                         */
                        tags?: string[];
                    };
                };
            };
            responses: {
                /** @description The updated tool. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 7,
                         *       "uuid": "5d0c8f5e-5b8e-4d8b-9d8e-1b2a3c4d5e6f",
                         *       "server_id": 1,
                         *       "name": "Get forecast",
                         *       "slug": "get_forecast",
                         *       "description": "Weather forecast for a city",
                         *       "endpoint_url": "https://api.example.com/forecast/{{city}}",
                         *       "http_method": "GET",
                         *       "input_schema": {
                         *         "type": "object",
                         *         "properties": {
                         *           "city": {
                         *             "type": "string"
                         *           }
                         *         },
                         *         "required": [
                         *           "city"
                         *         ]
                         *       },
                         *       "output_schema": null,
                         *       "parameter_mapping": {
                         *         "city": {
                         *           "target": "path",
                         *           "key": "city"
                         *         }
                         *       },
                         *       "response_mapping": {
                         *         "selector": "",
                         *         "format": "json",
                         *         "template": ""
                         *       },
                         *       "headers": null,
                         *       "body_template": null,
                         *       "annotations": null,
                         *       "max_output_tokens": null,
                         *       "risk": null,
                         *       "execution": null,
                         *       "cache_ttl": 0,
                         *       "timeout": 30,
                         *       "rate_limit_per_min": 60,
                         *       "retry_count": 0,
                         *       "retry_backoff": "exponential",
                         *       "sort_order": 0,
                         *       "status": "active",
                         *       "tags": [
                         *         "weather"
                         *       ],
                         *       "last_tested_at": null,
                         *       "last_test_response_ms": null,
                         *       "token_estimate": 180,
                         *       "server_uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "server_hex": "9f1c2b3a4d5e6f70",
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "updated_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            id: number;
                            /** Format: uuid */
                            uuid: string;
                            /** @description numeric id of the server */
                            server_id: number;
                            name: string;
                            /** @description the MCP tool name */
                            slug: string;
                            description: string;
                            endpoint_url: string;
                            /** @description HTTP method token */
                            http_method: string;
                            /** @description JSON Schema of the arguments */
                            input_schema: {
                                /** @enum {string} */
                                type: "object";
                                properties?: {
                                    [key: string]: {
                                        type?: string | string[];
                                        description?: string;
                                        format?: string;
                                        enum?: unknown[];
                                        /** @description any JSON value */
                                        default?: unknown;
                                        examples?: unknown[];
                                    } & {
                                        [key: string]: unknown;
                                    };
                                };
                                required?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            output_schema: {
                                [key: string]: unknown;
                            } | null;
                            /** @description argument name → `{target, key, style?}` */
                            parameter_mapping: {
                                [key: string]: {
                                    /**
                                     * @description path ({{key}} in the URL), query, header, body (JSON field), form, cookie
                                     * @enum {string}
                                     */
                                    target: "path" | "query" | "header" | "body" | "form" | "cookie";
                                    /** @description name in the target */
                                    key: string;
                                    /**
                                     * @description arrays/objects in query and form targets: `a=1&a=2` (repeat/form, default), `a=1,2` (comma), `a=1%202` (spaceDelimited), `a=1|2` (pipeDelimited), `a[x]=1` (deepObject)
                                     * @enum {string}
                                     */
                                    style?: "repeat" | "form" | "comma" | "spaceDelimited" | "pipeDelimited" | "deepObject";
                                };
                            };
                            /** @description how the upstream response becomes the tool result (see the create body) */
                            response_mapping: {
                                selector?: string;
                                format?: string;
                                template?: string;
                                fields?: string[];
                                pagination?: {
                                    param?: string;
                                    kind?: string;
                                    limit_param?: string;
                                };
                            } & {
                                [key: string]: unknown;
                            };
                            headers: {
                                [key: string]: string;
                            } | null;
                            body_template: string | null;
                            /** @description multi-round settings (see the create body); null = defaults */
                            interaction: Record<string, never> | null;
                            /** @description long-running settings (see the create body); null = an ordinary call */
                            execution: Record<string, never> | null;
                            annotations: {
                                [key: string]: unknown;
                            } | null;
                            /** @description token budget of a result; null = the server's `settings.max_output_tokens` (default 10,000) */
                            max_output_tokens: number | null;
                            /**
                             * @description as an operator set it; null = from the annotations and method (policies read `resource.risk`)
                             * @enum {string|null}
                             */
                            risk: "read" | "write" | "destructive" | null;
                            /** @description seconds */
                            cache_ttl: number;
                            /** @description seconds */
                            timeout: number;
                            rate_limit_per_min: number;
                            retry_count: number;
                            /** @enum {string} */
                            retry_backoff: "none" | "fixed" | "linear" | "exponential";
                            sort_order: number;
                            /** @enum {string} */
                            status: "draft" | "active" | "inactive";
                            tags: string[];
                            /** @description set by a successful test */
                            last_tested_at: string | null;
                            /** @description set by a successful test */
                            last_test_response_ms: number | null;
                            /** @description estimated tokens of the definition tools/list serves (name, description, schemas, annotations) */
                            token_estimate: number;
                            server_uuid: string;
                            /** @description the server's 16-hex `server_id` */
                            server_hex: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description cURL import only: where detected credentials went */
                            _notice?: string;
                            /** @description cURL import only: parse warnings */
                            _warnings?: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_update_failed`, `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/servers/{server_id}/tools/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test a tool live
         * @description Runs an active tool through the same pipeline MCP clients use (no cache read). On success `last_tested_at` and `last_test_response_ms` are recorded. Credentials go only to the origins they are bound to (`auth_credentials_origins`): a tool at another origin answers a tool error naming it, with nothing sent. Sending production credentials is for keys with `manage_options` (the raw response shows whatever the upstream echoes).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                    /** @description tool UUID or numeric id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "arguments": {
                     *         "city": "Paris"
                     *       }
                     *     }
                     */
                    "application/json": ({
                        /**
                         * @description tool arguments; keys must match input_schema.properties (a schema with `additionalProperties` takes others, but never one named like a query key, body-template key or mapped field the tool fixes): 400 naming each otherwise
                         * @default {}
                         */
                        arguments?: Record<string, never>;
                        /**
                         * @description true: test credentials, falling back to production ones; false: production credentials. A run that sends production credentials (false, or true on a server without test credentials) needs `manage_options`: 403 `rest_forbidden` otherwise
                         * @default true
                         */
                        use_test_credentials?: boolean;
                    } & {
                        [key: string]: unknown;
                    }) | null;
                };
            };
            responses: {
                /** @description The run. An upstream failure is still 200 with `mcp_output.isError` true; a transport failure (timeout, network) or a call that never left has `outbound_request` and `raw_response` null and `total_ms` 0. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "outbound_request": {
                         *         "method": "GET",
                         *         "url": "https://api.example.com/forecast/Paris",
                         *         "headers": {},
                         *         "body": null
                         *       },
                         *       "raw_response": {
                         *         "status_code": 200,
                         *         "headers": {
                         *           "content-type": "application/json"
                         *         },
                         *         "body": "{\"temp\":21}"
                         *       },
                         *       "mcp_output": {
                         *         "content": [
                         *           {
                         *             "type": "text",
                         *             "text": "{\"temp\":21}"
                         *           }
                         *         ],
                         *         "isError": false
                         *       },
                         *       "timing": {
                         *         "total_ms": 84
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @description the request as sent (secrets masked) */
                            outbound_request: ({
                                method: string;
                                url: string;
                                headers: {
                                    [key: string]: string;
                                };
                                body: string | null;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            /** @description the upstream's answer, body always a string (binary base64) */
                            raw_response: ({
                                status_code: number;
                                headers: {
                                    [key: string]: string;
                                };
                                body: string;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            /** @description what an MCP client gets: the CallToolResult */
                            mcp_output: {
                                /** @description MCP content blocks: text, image, audio, resource, resource_link */
                                content: ({
                                    type: string;
                                    text?: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                structuredContent?: {
                                    [key: string]: unknown;
                                };
                                isError: boolean;
                            } & {
                                [key: string]: unknown;
                            };
                            timing: {
                                total_ms: number;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_tool_not_testable` */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{server_id}/tools/import-curl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a cURL command
         * @description Creates one `draft` tool from a cURL command (nothing is executed). Detected credentials are saved as the server's test credentials only, and `_notice` says so.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                };
                cookie?: never;
            };
            /** @description Creates one draft tool from a cURL command. */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "curl_command": "curl -X POST https://api.example.com/v1/notes -H 'Content-Type: application/json' -d '{\"text\":\"hi\"}'"
                     *     }
                     */
                    "application/json": {
                        /** @description one `curl …` command (required; empty or missing is 400 svc_missing_curl); nothing in it is executed */
                        curl_command?: string;
                        /** @description tool name; default from the method and path (`post_v1_chat_completions`) */
                        name?: string;
                        /** @description tool description; default "Imported from cURL: METHOD URL" */
                        description?: string;
                        /**
                         * @description status of the created tool
                         * @default draft
                         * @enum {string}
                         */
                        status?: "draft" | "active";
                    };
                };
            };
            responses: {
                /** @description The created tool (plus `_notice` / `_warnings`). */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 7,
                         *       "uuid": "5d0c8f5e-5b8e-4d8b-9d8e-1b2a3c4d5e6f",
                         *       "server_id": 1,
                         *       "name": "Get forecast",
                         *       "slug": "get_forecast",
                         *       "description": "Weather forecast for a city",
                         *       "endpoint_url": "https://api.example.com/forecast/{{city}}",
                         *       "http_method": "GET",
                         *       "input_schema": {
                         *         "type": "object",
                         *         "properties": {
                         *           "city": {
                         *             "type": "string"
                         *           }
                         *         },
                         *         "required": [
                         *           "city"
                         *         ]
                         *       },
                         *       "output_schema": null,
                         *       "parameter_mapping": {
                         *         "city": {
                         *           "target": "path",
                         *           "key": "city"
                         *         }
                         *       },
                         *       "response_mapping": {
                         *         "selector": "",
                         *         "format": "json",
                         *         "template": ""
                         *       },
                         *       "headers": null,
                         *       "body_template": null,
                         *       "annotations": null,
                         *       "max_output_tokens": null,
                         *       "risk": null,
                         *       "execution": null,
                         *       "cache_ttl": 0,
                         *       "timeout": 30,
                         *       "rate_limit_per_min": 60,
                         *       "retry_count": 0,
                         *       "retry_backoff": "exponential",
                         *       "sort_order": 0,
                         *       "status": "active",
                         *       "tags": [
                         *         "weather"
                         *       ],
                         *       "last_tested_at": null,
                         *       "last_test_response_ms": null,
                         *       "token_estimate": 180,
                         *       "server_uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "server_hex": "9f1c2b3a4d5e6f70",
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "updated_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            id: number;
                            /** Format: uuid */
                            uuid: string;
                            /** @description numeric id of the server */
                            server_id: number;
                            name: string;
                            /** @description the MCP tool name */
                            slug: string;
                            description: string;
                            endpoint_url: string;
                            /** @description HTTP method token */
                            http_method: string;
                            /** @description JSON Schema of the arguments */
                            input_schema: {
                                /** @enum {string} */
                                type: "object";
                                properties?: {
                                    [key: string]: {
                                        type?: string | string[];
                                        description?: string;
                                        format?: string;
                                        enum?: unknown[];
                                        /** @description any JSON value */
                                        default?: unknown;
                                        examples?: unknown[];
                                    } & {
                                        [key: string]: unknown;
                                    };
                                };
                                required?: string[];
                            } & {
                                [key: string]: unknown;
                            };
                            output_schema: {
                                [key: string]: unknown;
                            } | null;
                            /** @description argument name → `{target, key, style?}` */
                            parameter_mapping: {
                                [key: string]: {
                                    /**
                                     * @description path ({{key}} in the URL), query, header, body (JSON field), form, cookie
                                     * @enum {string}
                                     */
                                    target: "path" | "query" | "header" | "body" | "form" | "cookie";
                                    /** @description name in the target */
                                    key: string;
                                    /**
                                     * @description arrays/objects in query and form targets: `a=1&a=2` (repeat/form, default), `a=1,2` (comma), `a=1%202` (spaceDelimited), `a=1|2` (pipeDelimited), `a[x]=1` (deepObject)
                                     * @enum {string}
                                     */
                                    style?: "repeat" | "form" | "comma" | "spaceDelimited" | "pipeDelimited" | "deepObject";
                                };
                            };
                            /** @description how the upstream response becomes the tool result (see the create body) */
                            response_mapping: {
                                selector?: string;
                                format?: string;
                                template?: string;
                                fields?: string[];
                                pagination?: {
                                    param?: string;
                                    kind?: string;
                                    limit_param?: string;
                                };
                            } & {
                                [key: string]: unknown;
                            };
                            headers: {
                                [key: string]: string;
                            } | null;
                            body_template: string | null;
                            /** @description multi-round settings (see the create body); null = defaults */
                            interaction: Record<string, never> | null;
                            /** @description long-running settings (see the create body); null = an ordinary call */
                            execution: Record<string, never> | null;
                            annotations: {
                                [key: string]: unknown;
                            } | null;
                            /** @description token budget of a result; null = the server's `settings.max_output_tokens` (default 10,000) */
                            max_output_tokens: number | null;
                            /**
                             * @description as an operator set it; null = from the annotations and method (policies read `resource.risk`)
                             * @enum {string|null}
                             */
                            risk: "read" | "write" | "destructive" | null;
                            /** @description seconds */
                            cache_ttl: number;
                            /** @description seconds */
                            timeout: number;
                            rate_limit_per_min: number;
                            retry_count: number;
                            /** @enum {string} */
                            retry_backoff: "none" | "fixed" | "linear" | "exponential";
                            sort_order: number;
                            /** @enum {string} */
                            status: "draft" | "active" | "inactive";
                            tags: string[];
                            /** @description set by a successful test */
                            last_tested_at: string | null;
                            /** @description set by a successful test */
                            last_test_response_ms: number | null;
                            /** @description estimated tokens of the definition tools/list serves (name, description, schemas, annotations) */
                            token_estimate: number;
                            server_uuid: string;
                            /** @description the server's 16-hex `server_id` */
                            server_hex: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description cURL import only: where detected credentials went */
                            _notice?: string;
                            /** @description cURL import only: parse warnings */
                            _warnings?: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `svc_missing_curl`, `svc_invalid_curl`, `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_trial_expired` */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `tier_limit_import_method`, `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{server_id}/tools/import-openapi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import an OpenAPI document
         * @description Two phases: parse (OpenAPI 3.0/3.1, JSON or YAML, text or URL) and list candidates; then commit the selected ones. Swagger 2.0 is 400 `unsupported_version`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                };
                cookie?: never;
            };
            /** @description Phase 1 (commit false) lists candidates; phase 2 (commit true) creates the selected ones. */
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description text: the document is in `content`; url: it is fetched from `url`
                         * @default text
                         * @enum {string}
                         */
                        source?: "text" | "url";
                        /** @description the document: JSON or YAML text (OpenAPI) / JSON (collection), or the JSON object itself; at most 10 MB; required when source is text (a bad document is 400 invalid_spec) */
                        content?: unknown;
                        /** @description public http(s) URL of the document; required when source is url (3 redirects, 10 s, 10 MB) */
                        url?: string;
                        /**
                         * @description false: parse only, nothing written (phase 1); true: create the selected candidates (phase 2)
                         * @default false
                         */
                        commit?: boolean;
                        /** @description temp_ids of the candidates to create; required when commit is true; unknown ids are ignored */
                        selected_temp_ids?: string[];
                        /**
                         * @description slug collision: skip (the record goes to `skipped`) or duplicate (the slug gets -2, -3…)
                         * @default skip
                         * @enum {string}
                         */
                        on_conflict?: "skip" | "duplicate";
                        /**
                         * @description status of the created tools
                         * @default draft
                         * @enum {string}
                         */
                        imported_status?: "draft" | "active";
                        /** @description absolute http(s) URL used when the document has no absolute server URL */
                        base_url?: string;
                        /**
                         * @description commit: remember the import as a tracked source (the URL or the text, each operation's key and the candidate as imported), so a changed document can be checked and merged later (`/servers/{server_id}/sources`); false: a one-off import
                         * @default true
                         */
                        track?: boolean;
                    };
                };
            };
            responses: {
                /** @description Phase 1 (commit false): `{candidates, info: {title, version}, warnings?, detected_credentials?, auth_hint?, security_schemes?, _raw_spec?, filtered?, hosts?, entries?}`. Phase 2 (commit true): `{created, skipped, failed, auth_hint?, outbound_auth_type_set?, _notice?}`. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "candidates": [
                         *         {
                         *           "temp_id": "op_0",
                         *           "name": "listPets",
                         *           "slug": "listpets",
                         *           "description": "List all pets",
                         *           "endpoint_url": "https://petstore.example.com/v1/pets",
                         *           "http_method": "GET",
                         *           "input_schema": {
                         *             "type": "object",
                         *             "properties": {
                         *               "limit": {
                         *                 "type": "integer"
                         *               }
                         *             }
                         *           },
                         *           "headers": null,
                         *           "tags": [
                         *             "pets"
                         *           ]
                         *         }
                         *       ],
                         *       "info": {
                         *         "title": "Swagger Petstore",
                         *         "version": "1.0.0"
                         *       }
                         *     }
                         */
                        "application/json": ({
                            candidates: ({
                                /** @description `op_N` (OpenAPI), `pm_N` (collection) or `har_N` (HAR); select it to create it */
                                temp_id: string;
                                name: string;
                                slug: string;
                                description: string;
                                endpoint_url: string;
                                http_method: string;
                                /** @description JSON Schema of the arguments */
                                input_schema: {
                                    /** @enum {string} */
                                    type: "object";
                                    properties?: {
                                        [key: string]: {
                                            type?: string | string[];
                                            description?: string;
                                            format?: string;
                                            enum?: unknown[];
                                            /** @description any JSON value */
                                            default?: unknown;
                                            examples?: unknown[];
                                        } & {
                                            [key: string]: unknown;
                                        };
                                    };
                                    required?: string[];
                                } & {
                                    [key: string]: unknown;
                                };
                                headers: {
                                    [key: string]: string;
                                } | null;
                                tags: string[];
                                /** @description the operation in the document: its operationId or item id (`id`), `method` and `path` as written */
                                operation?: {
                                    /** @description operationId (OpenAPI) or item id (Postman) */
                                    id?: string;
                                    /** @description HTTP method */
                                    method: string;
                                    /** @description path template as written */
                                    path: string;
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description OpenAPI: security schemes the operation accepts */
                                security?: string[];
                                /** @description MCP hints the document sets (OpenAPI x-openai-isConsequential, x-speakeasy-mcp, x-mcp-annotations over the method hints); absent = from the method */
                                annotations?: {
                                    [key: string]: unknown;
                                } | null;
                                /**
                                 * @description the risk the document sets (OpenAPI x-toolgate-risk); absent = derived
                                 * @enum {string|null}
                                 */
                                risk?: "read" | "write" | "destructive" | null;
                                /** @description phase 1: estimated tokens the tool would add to tools/list in `all` mode */
                                token_estimate: number;
                                /** @description HAR: the output schema inferred from the operation's recorded JSON answers (types only) */
                                output_schema?: {
                                    [key: string]: unknown;
                                } | null;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description estimated tokens of every candidate's tools/list entry (sum the selected ones' `token_estimate` for a selection) */
                            tokens_total: number;
                            info: {
                                title: string;
                                version: string;
                            } & {
                                [key: string]: unknown;
                            };
                            warnings?: string[];
                            /** @description credentials found in the document (saved as test credentials on commit) */
                            detected_credentials?: ({
                                /** @description the credentials format (bearer, api-key…) */
                                type: string;
                                /** @description where it was found, e.g. `collection auth` */
                                source: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description OpenAPI: suggested outbound auth */
                            auth_hint?: ({
                                /** @enum {string} */
                                type: "bearer" | "basic" | "api-key" | "oauth2-client-credentials";
                                /** @description the security scheme it comes from */
                                scheme: string;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            /** @description the document's security schemes and what they map to */
                            security_schemes?: ({
                                scheme: string;
                                /** @description the OpenAPI type: http, apiKey, oauth2… */
                                type: string;
                                /** @description the outbound auth type, or null */
                                maps_to: string | null;
                                /** @description operations that accept it */
                                operations: number;
                                /** @description why it does not map */
                                note?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description the document text, usable as `content` for the commit call */
                            _raw_spec?: string;
                            /** @description HAR: entries left out, by reason: static_asset, analytics, non_api_host, not_selected, preflight, failed, not_http (`warnings` says which) */
                            filtered?: {
                                [key: string]: number;
                            };
                            /** @description HAR: the hosts the recording called (after the per-request filters), and which were kept */
                            hosts?: ({
                                /** @description host or host:port */
                                host: string;
                                /** @description requests to it */
                                requests: number;
                                /** @description it answered JSON or XML at least once */
                                api: boolean;
                                /** @description its requests became candidates */
                                kept: boolean;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description HAR: entries in the file */
                            entries?: number;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            created: ({
                                tool_id: number;
                                uuid: string;
                                name: string;
                                slug: string;
                                /** @description the candidate it was made from */
                                temp_id?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            skipped: ({
                                temp_id: string;
                                name: string;
                                /** @description `slug_exists` */
                                reason: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            failed: ({
                                temp_id: string;
                                name: string;
                                reason: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description OpenAPI: suggested outbound auth */
                            auth_hint?: ({
                                /** @enum {string} */
                                type: "bearer" | "basic" | "api-key" | "oauth2-client-credentials";
                                /** @description the security scheme it comes from */
                                scheme: string;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            /** @description OpenAPI: the outbound auth type set on the server */
                            outbound_auth_type_set?: string;
                            /** @description where detected credentials went */
                            _notice?: string;
                            /** @description UUID of the tracked source the import became (absent with `track: false` or nothing created) */
                            source_id?: string;
                        } & {
                            [key: string]: unknown;
                        });
                    };
                };
                /** @description Error: `invalid_spec`, `svc_import_too_large`, `unsupported_version`, `svc_url_forbidden`, `svc_url_unfetchable`, `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_trial_expired` */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `tier_limit_import_method`, `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{server_id}/tools/import-collection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a Postman collection
         * @description Two phases, as the OpenAPI import, for a collection of version 2.1; folders become tags and resolvable `{{variables}}` are filled.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                };
                cookie?: never;
            };
            /** @description The import fields, or the collection (v2.1) itself as the body (then it is parsed, phase 1, with the defaults). */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "source": "text",
                     *       "content": "{\"info\":{\"name\":\"Demo\",\"schema\":\"https://schema.getpostman.com/json/collection/v2.1.0/collection.json\"},\"item\":[]}"
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description text: the document is in `content`; url: it is fetched from `url`
                         * @default text
                         * @enum {string}
                         */
                        source?: "text" | "url";
                        /** @description the document: JSON or YAML text (OpenAPI) / JSON (collection), or the JSON object itself; at most 10 MB; required when source is text (a bad document is 400 invalid_spec) */
                        content?: unknown;
                        /** @description public http(s) URL of the document; required when source is url (3 redirects, 10 s, 10 MB) */
                        url?: string;
                        /**
                         * @description false: parse only, nothing written (phase 1); true: create the selected candidates (phase 2)
                         * @default false
                         */
                        commit?: boolean;
                        /** @description temp_ids of the candidates to create; required when commit is true; unknown ids are ignored */
                        selected_temp_ids?: string[];
                        /**
                         * @description slug collision: skip (the record goes to `skipped`) or duplicate (the slug gets -2, -3…)
                         * @default skip
                         * @enum {string}
                         */
                        on_conflict?: "skip" | "duplicate";
                        /**
                         * @description status of the created tools
                         * @default draft
                         * @enum {string}
                         */
                        imported_status?: "draft" | "active";
                        /** @description absolute http(s) URL used when the document has no absolute server URL */
                        base_url?: string;
                        /**
                         * @description commit: remember the import as a tracked source (the URL or the text, each operation's key and the candidate as imported), so a changed document can be checked and merged later (`/servers/{server_id}/sources`); false: a one-off import
                         * @default true
                         */
                        track?: boolean;
                        /** @description collection body: `info` (with `schema` v2.1) */
                        info?: unknown;
                        /** @description collection body: requests and folders */
                        item?: unknown;
                        /** @description collection body: variables */
                        variable?: unknown;
                        /** @description collection body: auth */
                        auth?: unknown;
                        /** @description collection body: scripts (ignored) */
                        event?: unknown;
                        /** @description collection body: ignored */
                        protocolProfileBehavior?: unknown;
                    };
                };
            };
            responses: {
                /** @description Phase 1 (commit false): `{candidates, info: {title, version}, warnings?, detected_credentials?, auth_hint?, security_schemes?, _raw_spec?, filtered?, hosts?, entries?}`. Phase 2 (commit true): `{created, skipped, failed, auth_hint?, outbound_auth_type_set?, _notice?}`. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "candidates": [
                         *         {
                         *           "temp_id": "op_0",
                         *           "name": "listPets",
                         *           "slug": "listpets",
                         *           "description": "List all pets",
                         *           "endpoint_url": "https://petstore.example.com/v1/pets",
                         *           "http_method": "GET",
                         *           "input_schema": {
                         *             "type": "object",
                         *             "properties": {
                         *               "limit": {
                         *                 "type": "integer"
                         *               }
                         *             }
                         *           },
                         *           "headers": null,
                         *           "tags": [
                         *             "pets"
                         *           ]
                         *         }
                         *       ],
                         *       "info": {
                         *         "title": "Swagger Petstore",
                         *         "version": "1.0.0"
                         *       }
                         *     }
                         */
                        "application/json": ({
                            candidates: ({
                                /** @description `op_N` (OpenAPI), `pm_N` (collection) or `har_N` (HAR); select it to create it */
                                temp_id: string;
                                name: string;
                                slug: string;
                                description: string;
                                endpoint_url: string;
                                http_method: string;
                                /** @description JSON Schema of the arguments */
                                input_schema: {
                                    /** @enum {string} */
                                    type: "object";
                                    properties?: {
                                        [key: string]: {
                                            type?: string | string[];
                                            description?: string;
                                            format?: string;
                                            enum?: unknown[];
                                            /** @description any JSON value */
                                            default?: unknown;
                                            examples?: unknown[];
                                        } & {
                                            [key: string]: unknown;
                                        };
                                    };
                                    required?: string[];
                                } & {
                                    [key: string]: unknown;
                                };
                                headers: {
                                    [key: string]: string;
                                } | null;
                                tags: string[];
                                /** @description the operation in the document: its operationId or item id (`id`), `method` and `path` as written */
                                operation?: {
                                    /** @description operationId (OpenAPI) or item id (Postman) */
                                    id?: string;
                                    /** @description HTTP method */
                                    method: string;
                                    /** @description path template as written */
                                    path: string;
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description OpenAPI: security schemes the operation accepts */
                                security?: string[];
                                /** @description MCP hints the document sets (OpenAPI x-openai-isConsequential, x-speakeasy-mcp, x-mcp-annotations over the method hints); absent = from the method */
                                annotations?: {
                                    [key: string]: unknown;
                                } | null;
                                /**
                                 * @description the risk the document sets (OpenAPI x-toolgate-risk); absent = derived
                                 * @enum {string|null}
                                 */
                                risk?: "read" | "write" | "destructive" | null;
                                /** @description phase 1: estimated tokens the tool would add to tools/list in `all` mode */
                                token_estimate: number;
                                /** @description HAR: the output schema inferred from the operation's recorded JSON answers (types only) */
                                output_schema?: {
                                    [key: string]: unknown;
                                } | null;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description estimated tokens of every candidate's tools/list entry (sum the selected ones' `token_estimate` for a selection) */
                            tokens_total: number;
                            info: {
                                title: string;
                                version: string;
                            } & {
                                [key: string]: unknown;
                            };
                            warnings?: string[];
                            /** @description credentials found in the document (saved as test credentials on commit) */
                            detected_credentials?: ({
                                /** @description the credentials format (bearer, api-key…) */
                                type: string;
                                /** @description where it was found, e.g. `collection auth` */
                                source: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description OpenAPI: suggested outbound auth */
                            auth_hint?: ({
                                /** @enum {string} */
                                type: "bearer" | "basic" | "api-key" | "oauth2-client-credentials";
                                /** @description the security scheme it comes from */
                                scheme: string;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            /** @description the document's security schemes and what they map to */
                            security_schemes?: ({
                                scheme: string;
                                /** @description the OpenAPI type: http, apiKey, oauth2… */
                                type: string;
                                /** @description the outbound auth type, or null */
                                maps_to: string | null;
                                /** @description operations that accept it */
                                operations: number;
                                /** @description why it does not map */
                                note?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description the document text, usable as `content` for the commit call */
                            _raw_spec?: string;
                            /** @description HAR: entries left out, by reason: static_asset, analytics, non_api_host, not_selected, preflight, failed, not_http (`warnings` says which) */
                            filtered?: {
                                [key: string]: number;
                            };
                            /** @description HAR: the hosts the recording called (after the per-request filters), and which were kept */
                            hosts?: ({
                                /** @description host or host:port */
                                host: string;
                                /** @description requests to it */
                                requests: number;
                                /** @description it answered JSON or XML at least once */
                                api: boolean;
                                /** @description its requests became candidates */
                                kept: boolean;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description HAR: entries in the file */
                            entries?: number;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            created: ({
                                tool_id: number;
                                uuid: string;
                                name: string;
                                slug: string;
                                /** @description the candidate it was made from */
                                temp_id?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            skipped: ({
                                temp_id: string;
                                name: string;
                                /** @description `slug_exists` */
                                reason: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            failed: ({
                                temp_id: string;
                                name: string;
                                reason: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description OpenAPI: suggested outbound auth */
                            auth_hint?: ({
                                /** @enum {string} */
                                type: "bearer" | "basic" | "api-key" | "oauth2-client-credentials";
                                /** @description the security scheme it comes from */
                                scheme: string;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            /** @description OpenAPI: the outbound auth type set on the server */
                            outbound_auth_type_set?: string;
                            /** @description where detected credentials went */
                            _notice?: string;
                            /** @description UUID of the tracked source the import became (absent with `track: false` or nothing created) */
                            source_id?: string;
                        } & {
                            [key: string]: unknown;
                        });
                    };
                };
                /** @description Error: `invalid_spec`, `svc_import_too_large`, `svc_url_forbidden`, `svc_url_unfetchable`, `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_trial_expired` */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `tier_limit_import_method`, `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{server_id}/tools/import-har": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import recorded traffic (HAR)
         * @description Two phases, as the OpenAPI import, for a HAR file: requests are grouped by method and path template (id-like segments become parameters), inputs and output schemas are typed from the values seen (no recorded value is kept), and static assets, analytics beacons, preflights, failed requests and non-API hosts are left out (`filtered`, `warnings`). Credentials (Authorization, key headers and query parameters) are removed and, on commit, saved as the server's test credentials (`_notice`); cookies are dropped.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                };
                cookie?: never;
            };
            /** @description The import fields, or the HAR itself as the body (then it is parsed, phase 1, with the defaults). */
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description text: the document is in `content`; url: it is fetched from `url`
                         * @default text
                         * @enum {string}
                         */
                        source?: "text" | "url";
                        /** @description the HAR (DevTools "Save all as HAR", a proxy export): its JSON text or the object itself; at most 10 MB and 10 000 entries; required when source is text (a malformed HAR is 400 invalid_spec) */
                        content?: unknown;
                        /** @description public http(s) URL of the document; required when source is url (3 redirects, 10 s, 10 MB) */
                        url?: string;
                        /**
                         * @description false: parse only, nothing written (phase 1); true: create the selected candidates (phase 2)
                         * @default false
                         */
                        commit?: boolean;
                        /** @description temp_ids of the candidates to create; required when commit is true; unknown ids are ignored */
                        selected_temp_ids?: string[];
                        /**
                         * @description slug collision: skip (the record goes to `skipped`) or duplicate (the slug gets -2, -3…)
                         * @default skip
                         * @enum {string}
                         */
                        on_conflict?: "skip" | "duplicate";
                        /**
                         * @description status of the created tools
                         * @default draft
                         * @enum {string}
                         */
                        imported_status?: "draft" | "active";
                        /** @description keep only the requests under this absolute http(s) URL (`https://api.example.com/v2`); default: the hosts that answered JSON or XML */
                        base_url?: string;
                        /**
                         * @description commit: remember the import as a tracked source (the URL or the text, each operation's key and the candidate as imported), so a changed document can be checked and merged later (`/servers/{server_id}/sources`); false: a one-off import
                         * @default true
                         */
                        track?: boolean;
                        /** @description keep only the requests to these hosts (`api.example.com`, `127.0.0.1:8080`); default: the hosts that answered JSON or XML */
                        hosts?: string[];
                        /** @description HAR body: the `log` object (`version`, `creator`, `entries`) */
                        log?: unknown;
                    };
                };
            };
            responses: {
                /** @description Phase 1 (commit false): `{candidates, info: {title, version}, warnings?, detected_credentials?, auth_hint?, security_schemes?, _raw_spec?, filtered?, hosts?, entries?}`. Phase 2 (commit true): `{created, skipped, failed, auth_hint?, outbound_auth_type_set?, _notice?}`. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "candidates": [
                         *         {
                         *           "temp_id": "op_0",
                         *           "name": "listPets",
                         *           "slug": "listpets",
                         *           "description": "List all pets",
                         *           "endpoint_url": "https://petstore.example.com/v1/pets",
                         *           "http_method": "GET",
                         *           "input_schema": {
                         *             "type": "object",
                         *             "properties": {
                         *               "limit": {
                         *                 "type": "integer"
                         *               }
                         *             }
                         *           },
                         *           "headers": null,
                         *           "tags": [
                         *             "pets"
                         *           ]
                         *         }
                         *       ],
                         *       "info": {
                         *         "title": "Swagger Petstore",
                         *         "version": "1.0.0"
                         *       }
                         *     }
                         */
                        "application/json": ({
                            candidates: ({
                                /** @description `op_N` (OpenAPI), `pm_N` (collection) or `har_N` (HAR); select it to create it */
                                temp_id: string;
                                name: string;
                                slug: string;
                                description: string;
                                endpoint_url: string;
                                http_method: string;
                                /** @description JSON Schema of the arguments */
                                input_schema: {
                                    /** @enum {string} */
                                    type: "object";
                                    properties?: {
                                        [key: string]: {
                                            type?: string | string[];
                                            description?: string;
                                            format?: string;
                                            enum?: unknown[];
                                            /** @description any JSON value */
                                            default?: unknown;
                                            examples?: unknown[];
                                        } & {
                                            [key: string]: unknown;
                                        };
                                    };
                                    required?: string[];
                                } & {
                                    [key: string]: unknown;
                                };
                                headers: {
                                    [key: string]: string;
                                } | null;
                                tags: string[];
                                /** @description the operation in the document: its operationId or item id (`id`), `method` and `path` as written */
                                operation?: {
                                    /** @description operationId (OpenAPI) or item id (Postman) */
                                    id?: string;
                                    /** @description HTTP method */
                                    method: string;
                                    /** @description path template as written */
                                    path: string;
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description OpenAPI: security schemes the operation accepts */
                                security?: string[];
                                /** @description MCP hints the document sets (OpenAPI x-openai-isConsequential, x-speakeasy-mcp, x-mcp-annotations over the method hints); absent = from the method */
                                annotations?: {
                                    [key: string]: unknown;
                                } | null;
                                /**
                                 * @description the risk the document sets (OpenAPI x-toolgate-risk); absent = derived
                                 * @enum {string|null}
                                 */
                                risk?: "read" | "write" | "destructive" | null;
                                /** @description phase 1: estimated tokens the tool would add to tools/list in `all` mode */
                                token_estimate: number;
                                /** @description HAR: the output schema inferred from the operation's recorded JSON answers (types only) */
                                output_schema?: {
                                    [key: string]: unknown;
                                } | null;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description estimated tokens of every candidate's tools/list entry (sum the selected ones' `token_estimate` for a selection) */
                            tokens_total: number;
                            info: {
                                title: string;
                                version: string;
                            } & {
                                [key: string]: unknown;
                            };
                            warnings?: string[];
                            /** @description credentials found in the document (saved as test credentials on commit) */
                            detected_credentials?: ({
                                /** @description the credentials format (bearer, api-key…) */
                                type: string;
                                /** @description where it was found, e.g. `collection auth` */
                                source: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description OpenAPI: suggested outbound auth */
                            auth_hint?: ({
                                /** @enum {string} */
                                type: "bearer" | "basic" | "api-key" | "oauth2-client-credentials";
                                /** @description the security scheme it comes from */
                                scheme: string;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            /** @description the document's security schemes and what they map to */
                            security_schemes?: ({
                                scheme: string;
                                /** @description the OpenAPI type: http, apiKey, oauth2… */
                                type: string;
                                /** @description the outbound auth type, or null */
                                maps_to: string | null;
                                /** @description operations that accept it */
                                operations: number;
                                /** @description why it does not map */
                                note?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description the document text, usable as `content` for the commit call */
                            _raw_spec?: string;
                            /** @description HAR: entries left out, by reason: static_asset, analytics, non_api_host, not_selected, preflight, failed, not_http (`warnings` says which) */
                            filtered?: {
                                [key: string]: number;
                            };
                            /** @description HAR: the hosts the recording called (after the per-request filters), and which were kept */
                            hosts?: ({
                                /** @description host or host:port */
                                host: string;
                                /** @description requests to it */
                                requests: number;
                                /** @description it answered JSON or XML at least once */
                                api: boolean;
                                /** @description its requests became candidates */
                                kept: boolean;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description HAR: entries in the file */
                            entries?: number;
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            created: ({
                                tool_id: number;
                                uuid: string;
                                name: string;
                                slug: string;
                                /** @description the candidate it was made from */
                                temp_id?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            skipped: ({
                                temp_id: string;
                                name: string;
                                /** @description `slug_exists` */
                                reason: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            failed: ({
                                temp_id: string;
                                name: string;
                                reason: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description OpenAPI: suggested outbound auth */
                            auth_hint?: ({
                                /** @enum {string} */
                                type: "bearer" | "basic" | "api-key" | "oauth2-client-credentials";
                                /** @description the security scheme it comes from */
                                scheme: string;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            /** @description OpenAPI: the outbound auth type set on the server */
                            outbound_auth_type_set?: string;
                            /** @description where detected credentials went */
                            _notice?: string;
                            /** @description UUID of the tracked source the import became (absent with `track: false` or nothing created) */
                            source_id?: string;
                        } & {
                            [key: string]: unknown;
                        });
                    };
                };
                /** @description Error: `invalid_spec`, `svc_import_too_large`, `svc_url_forbidden`, `svc_url_unfetchable`, `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_trial_expired` */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `tier_limit_import_method`, `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{server_id}/tools/import-svc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a Toolgate manifest
         * @description Creates the tools of an exported manifest (`svc/tools-v*`), all or nothing: any invalid tool is 400 `invalid_spec` naming it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                };
                cookie?: never;
            };
            /** @description Either the manifest itself (`format`, `tools`…), or `{manifest, on_conflict, imported_status}`. Answers like an import commit. */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "manifest": {
                     *         "format": "svc/tools-v1",
                     *         "tools": []
                     *       },
                     *       "on_conflict": "duplicate"
                     *     }
                     */
                    "application/json": {
                        /** @description the manifest object (as exported), when the body wraps it */
                        manifest?: unknown;
                        /**
                         * @description wrapped form: remember the manifest as a tracked text source keyed by slug (`/servers/{server_id}/sources`); default false
                         * @default false
                         */
                        track?: boolean;
                        /**
                         * @description slug collision: skip (the record goes to `skipped`) or duplicate (the slug gets -2, -3…)
                         * @default skip
                         * @enum {string}
                         */
                        on_conflict?: "skip" | "duplicate";
                        /**
                         * @description status of the created tools; default: the status each manifest tool carries
                         * @enum {string}
                         */
                        imported_status?: "draft" | "active";
                        /** @description manifest body: `svc/tools-v1` (any `svc/tools-v*`) */
                        format?: unknown;
                        /** @description manifest body: export time (informational) */
                        exported_at?: unknown;
                        /** @description manifest body: `{name, slug}` (informational) */
                        server?: unknown;
                        /** @description manifest body: array of tools, each with the exported tool fields */
                        tools?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "created": [
                         *         {
                         *           "tool_id": 8,
                         *           "uuid": "1e2d3c4b-…",
                         *           "name": "listPets",
                         *           "slug": "listpets"
                         *         }
                         *       ],
                         *       "skipped": [
                         *         {
                         *           "temp_id": "op_1",
                         *           "name": "getPet",
                         *           "reason": "slug_exists"
                         *         }
                         *       ],
                         *       "failed": []
                         *     }
                         */
                        "application/json": {
                            created: ({
                                tool_id: number;
                                uuid: string;
                                name: string;
                                slug: string;
                                /** @description the candidate it was made from */
                                temp_id?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            skipped: ({
                                temp_id: string;
                                name: string;
                                /** @description `slug_exists` */
                                reason: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            failed: ({
                                temp_id: string;
                                name: string;
                                reason: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description OpenAPI: suggested outbound auth */
                            auth_hint?: ({
                                /** @enum {string} */
                                type: "bearer" | "basic" | "api-key" | "oauth2-client-credentials";
                                /** @description the security scheme it comes from */
                                scheme: string;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            /** @description OpenAPI: the outbound auth type set on the server */
                            outbound_auth_type_set?: string;
                            /** @description where detected credentials went */
                            _notice?: string;
                            /** @description UUID of the tracked source the import became (absent with `track: false` or nothing created) */
                            source_id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `invalid_spec`, `svc_import_too_large`, `unsupported_format`, `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_trial_expired` */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `tier_limit_import_method`, `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{server_id}/tools/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export tools as a manifest
         * @description The `svc/tools-v1` manifest of the server's tools (all statuses, ascending `sort_order`), without ids, timestamps, test results or authentication.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                };
                cookie?: never;
            };
            /** @description Optional: which tools to export. */
            requestBody: {
                content: {
                    "application/json": {
                        /** @description tool UUIDs; omitted or empty exports every tool; UUIDs of other servers are skipped */
                        tool_ids?: string[];
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "format": "svc/tools-v1",
                         *       "exported_at": "2026-01-05T10:00:00.000Z",
                         *       "server": {
                         *         "name": "Weather API",
                         *         "slug": "weather-api"
                         *       },
                         *       "tools": []
                         *     }
                         */
                        "application/json": {
                            /** @description `svc/tools-v1` */
                            format?: string;
                            /** Format: date-time */
                            exported_at?: string;
                            server?: {
                                name?: string;
                                slug?: string;
                            } & {
                                [key: string]: unknown;
                            };
                            tools?: {
                                [key: string]: unknown;
                            }[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `server_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{server_id}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tracked sources
         * @description The server's tracked import sources (an OpenAPI or Postman import is tracked unless `track: false`).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the sources, oldest first */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description source UUID */
                            id: string;
                            /** @description UUID of the server whose tools it tracks */
                            server_id: string;
                            /**
                             * @description the importer that reads it
                             * @enum {string}
                             */
                            kind: "openapi" | "postman" | "manifest";
                            /**
                             * @description url: fetched again on every check; text: the stored text (a check may send a new one)
                             * @enum {string}
                             */
                            origin: "url" | "text";
                            /** @description the document URL (origin url) */
                            url: string | null;
                            /** @description the document's title as last applied */
                            title: string;
                            /** @description the document's own version (OpenAPI info.version) */
                            document_version: string;
                            /** @description sha256 of the document as last applied */
                            content_hash: string;
                            /** @description ETag of the document as last applied (sent as If-None-Match) */
                            etag: string | null;
                            /** @description Last-Modified of the document as last applied (sent as If-Modified-Since) */
                            last_modified: string | null;
                            /** @description minutes between scheduled checks (URL sources); null = checked only on demand */
                            schedule_minutes: number | null;
                            /** @description bumped by every apply; a plan computed against an older one is stale */
                            revision: number;
                            /** @description tools the source tracks */
                            tracked_tools: number;
                            /** @description operations of the document not imported (never proposed as new) */
                            excluded_operations: number;
                            /** @description tools whose operation left the document and that the operator kept (flagged) */
                            flagged_removed: number;
                            /** @description ISO 8601 time of the last check */
                            last_checked_at: string | null;
                            /**
                             * @description changed (a plan shows it), not_modified (304), unchanged (same bytes), error
                             * @enum {string|null}
                             */
                            last_check_status: "changed" | "not_modified" | "unchanged" | "error" | null;
                            /** @description why the last check failed */
                            last_check_error: string | null;
                            /** @description ISO 8601 time of the import or the last apply */
                            last_applied_at: string | null;
                            /** @description the newest plan not yet applied, if any */
                            open_plan_id: string | null;
                            /** @description ISO 8601 time the import was tracked */
                            created_at: string;
                            /** @description ISO 8601 time of the last change */
                            updated_at: string;
                        }[];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{server_id}/sources/{source_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a tracked source
         * @description One source with every operation it knows: the tool it tracks, excluded, flagged.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                    /** @description source UUID */
                    source_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A tracked source and its operations. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description source UUID */
                            id: string;
                            /** @description UUID of the server whose tools it tracks */
                            server_id: string;
                            /**
                             * @description the importer that reads it
                             * @enum {string}
                             */
                            kind: "openapi" | "postman" | "manifest";
                            /**
                             * @description url: fetched again on every check; text: the stored text (a check may send a new one)
                             * @enum {string}
                             */
                            origin: "url" | "text";
                            /** @description the document URL (origin url) */
                            url: string | null;
                            /** @description the document's title as last applied */
                            title: string;
                            /** @description the document's own version (OpenAPI info.version) */
                            document_version: string;
                            /** @description sha256 of the document as last applied */
                            content_hash: string;
                            /** @description ETag of the document as last applied (sent as If-None-Match) */
                            etag: string | null;
                            /** @description Last-Modified of the document as last applied (sent as If-Modified-Since) */
                            last_modified: string | null;
                            /** @description minutes between scheduled checks (URL sources); null = checked only on demand */
                            schedule_minutes: number | null;
                            /** @description bumped by every apply; a plan computed against an older one is stale */
                            revision: number;
                            /** @description tools the source tracks */
                            tracked_tools: number;
                            /** @description operations of the document not imported (never proposed as new) */
                            excluded_operations: number;
                            /** @description tools whose operation left the document and that the operator kept (flagged) */
                            flagged_removed: number;
                            /** @description ISO 8601 time of the last check */
                            last_checked_at: string | null;
                            /**
                             * @description changed (a plan shows it), not_modified (304), unchanged (same bytes), error
                             * @enum {string|null}
                             */
                            last_check_status: "changed" | "not_modified" | "unchanged" | "error" | null;
                            /** @description why the last check failed */
                            last_check_error: string | null;
                            /** @description ISO 8601 time of the import or the last apply */
                            last_applied_at: string | null;
                            /** @description the newest plan not yet applied, if any */
                            open_plan_id: string | null;
                            /** @description ISO 8601 time the import was tracked */
                            created_at: string;
                            /** @description ISO 8601 time of the last change */
                            updated_at: string;
                            /** @description every operation the source knows */
                            operations: {
                                /** @description `op:<operationId>`, `id:<Postman item id>`, `slug:<slug>` or `route:<METHOD> <path>` */
                                key: string;
                                /** @description the operationId or Postman item id, when it has one */
                                operation_id: string | null;
                                /** @description HTTP method */
                                method: string;
                                /** @description path template, parameter names normalised to {} */
                                path: string;
                                /** @description the tool (null: none) */
                                tool: {
                                    /** @description tool UUID */
                                    id: string;
                                    /** @description the MCP tool name */
                                    slug: string;
                                    /** @description display name */
                                    name: string;
                                    /**
                                     * @description tool status
                                     * @enum {string}
                                     */
                                    status: "draft" | "active" | "inactive";
                                } | null;
                                /** @description not imported (deselected, skipped, or its tool deleted) */
                                excluded: boolean;
                                /** @description when it left the document and its tool was kept (flagged) */
                                removed_upstream_at: string | null;
                            }[];
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Stop tracking a source
         * @description Forgets the source and its plans; the tools stay as they are.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                    /** @description source UUID */
                    source_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description done */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description true */
                            deleted: boolean;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Schedule a tracked source
         * @description Sets how often a URL source is checked (conditional GET; one instance runs it).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                    /** @description source UUID */
                    source_id: string;
                };
                cookie?: never;
            };
            /** @description The schedule of a URL source. */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "schedule_minutes": 60
                     *     }
                     */
                    "application/json": {
                        /** @description minutes between checks (5 to 10080), or null to check only on demand */
                        schedule_minutes?: number | null;
                    };
                };
            };
            responses: {
                /** @description A tracked source and its operations. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description source UUID */
                            id: string;
                            /** @description UUID of the server whose tools it tracks */
                            server_id: string;
                            /**
                             * @description the importer that reads it
                             * @enum {string}
                             */
                            kind: "openapi" | "postman" | "manifest";
                            /**
                             * @description url: fetched again on every check; text: the stored text (a check may send a new one)
                             * @enum {string}
                             */
                            origin: "url" | "text";
                            /** @description the document URL (origin url) */
                            url: string | null;
                            /** @description the document's title as last applied */
                            title: string;
                            /** @description the document's own version (OpenAPI info.version) */
                            document_version: string;
                            /** @description sha256 of the document as last applied */
                            content_hash: string;
                            /** @description ETag of the document as last applied (sent as If-None-Match) */
                            etag: string | null;
                            /** @description Last-Modified of the document as last applied (sent as If-Modified-Since) */
                            last_modified: string | null;
                            /** @description minutes between scheduled checks (URL sources); null = checked only on demand */
                            schedule_minutes: number | null;
                            /** @description bumped by every apply; a plan computed against an older one is stale */
                            revision: number;
                            /** @description tools the source tracks */
                            tracked_tools: number;
                            /** @description operations of the document not imported (never proposed as new) */
                            excluded_operations: number;
                            /** @description tools whose operation left the document and that the operator kept (flagged) */
                            flagged_removed: number;
                            /** @description ISO 8601 time of the last check */
                            last_checked_at: string | null;
                            /**
                             * @description changed (a plan shows it), not_modified (304), unchanged (same bytes), error
                             * @enum {string|null}
                             */
                            last_check_status: "changed" | "not_modified" | "unchanged" | "error" | null;
                            /** @description why the last check failed */
                            last_check_error: string | null;
                            /** @description ISO 8601 time of the import or the last apply */
                            last_applied_at: string | null;
                            /** @description the newest plan not yet applied, if any */
                            open_plan_id: string | null;
                            /** @description ISO 8601 time the import was tracked */
                            created_at: string;
                            /** @description ISO 8601 time of the last change */
                            updated_at: string;
                            /** @description every operation the source knows */
                            operations: {
                                /** @description `op:<operationId>`, `id:<Postman item id>`, `slug:<slug>` or `route:<METHOD> <path>` */
                                key: string;
                                /** @description the operationId or Postman item id, when it has one */
                                operation_id: string | null;
                                /** @description HTTP method */
                                method: string;
                                /** @description path template, parameter names normalised to {} */
                                path: string;
                                /** @description the tool (null: none) */
                                tool: {
                                    /** @description tool UUID */
                                    id: string;
                                    /** @description the MCP tool name */
                                    slug: string;
                                    /** @description display name */
                                    name: string;
                                    /**
                                     * @description tool status
                                     * @enum {string}
                                     */
                                    status: "draft" | "active" | "inactive";
                                } | null;
                                /** @description not imported (deselected, skipped, or its tool deleted) */
                                excluded: boolean;
                                /** @description when it left the document and its tool was kept (flagged) */
                                removed_upstream_at: string | null;
                            }[];
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/servers/{server_id}/sources/{source_id}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a source now
         * @description Reads the document again (a URL conditionally: 304 = no change) and answers the plan: adds, changes (per field base / ours / theirs and the outcome), moves, removals, breaking changes. A newer check supersedes older open plans.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                    /** @description source UUID */
                    source_id: string;
                };
                cookie?: never;
            };
            /** @description Optional: a new text of a text source. */
            requestBody: {
                content: {
                    "application/json": {
                        /** @description text sources: the document as it is now (text or JSON object, at most 10 MB); absent = the stored text */
                        content?: unknown;
                    } | null;
                };
            };
            responses: {
                /** @description What re-reading the source would do, computed against the versions named. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description plan UUID */
                            id: string;
                            /** @description source UUID */
                            source_id: string;
                            /**
                             * @description open: may be applied; superseded: a newer check replaced it
                             * @enum {string}
                             */
                            status: "open" | "applied" | "superseded";
                            /**
                             * @description what made it
                             * @enum {string}
                             */
                            trigger: "manual" | "scheduled";
                            /**
                             * @description the document: changed, not_modified (304), unchanged (same bytes)
                             * @enum {string}
                             */
                            upstream: "changed" | "not_modified" | "unchanged";
                            /** @description the document read */
                            document: {
                                /** @description title */
                                title: string;
                                /** @description its own version */
                                version: string;
                            };
                            /** @description counts */
                            summary: {
                                /** @description tools to add */
                                add: number;
                                /** @description tools to change */
                                change: number;
                                /** @description tools whose operation moved to another route */
                                move: number;
                                /** @description tools whose operation left the document */
                                remove: number;
                                /** @description fields changed both here and upstream, differently */
                                conflicts: number;
                                /** @description entries with a breaking change */
                                breaking: number;
                                /** @description tracked tools upstream did not change */
                                unchanged: number;
                                /** @description operations not imported */
                                excluded: number;
                                /** @description kept tools still gone from the document */
                                flagged: number;
                            };
                            /** @description e.g. "3 to add, 5 to change, 2 conflicts, 1 to remove" */
                            summary_text: string;
                            /** @description the versions it was computed against (an apply refuses when one moved: 409) */
                            computed_against: {
                                /** @description the source's revision */
                                source_revision: number;
                                /** @description sha256 of the document read */
                                content_hash: string;
                                /** @description updated_at of every tool it touches, by tool UUID */
                                tools: {
                                    [key: string]: string;
                                };
                            };
                            /** @description the importer's notes */
                            warnings: string[];
                            /** @description adds and changes in document order, removals last */
                            entries: {
                                /** @description entry id (`e1`…): what apply choices name */
                                id: string;
                                /**
                                 * @description what happens
                                 * @enum {string}
                                 */
                                action: "add" | "change" | "move" | "remove";
                                /** @description an operation of the document */
                                operation: {
                                    /** @description `op:<operationId>`, `id:<Postman item id>`, `slug:<slug>` or `route:<METHOD> <path>` */
                                    key: string;
                                    /** @description the operationId or Postman item id, when it has one */
                                    operation_id: string | null;
                                    /** @description HTTP method */
                                    method: string;
                                    /** @description path template, parameter names normalised to {} */
                                    path: string;
                                };
                                /** @description the operation as tracked before (a move or a renamed key) */
                                previous?: {
                                    /** @description `op:<operationId>`, `id:<Postman item id>`, `slug:<slug>` or `route:<METHOD> <path>` */
                                    key: string;
                                    /** @description the operationId or Postman item id, when it has one */
                                    operation_id: string | null;
                                    /** @description HTTP method */
                                    method: string;
                                    /** @description path template, parameter names normalised to {} */
                                    path: string;
                                };
                                /** @description the tool (null: none) */
                                tool: {
                                    /** @description tool UUID */
                                    id: string;
                                    /** @description the MCP tool name */
                                    slug: string;
                                    /** @description display name */
                                    name: string;
                                    /**
                                     * @description tool status
                                     * @enum {string}
                                     */
                                    status: "draft" | "active" | "inactive";
                                } | null;
                                /** @description add: the tool the operation becomes */
                                candidate?: {
                                    /** @description display name */
                                    name: string;
                                    /** @description proposed MCP tool name (a taken one gets -2, -3…) */
                                    slug: string;
                                    /** @description description */
                                    description: string;
                                    /** @description HTTP method */
                                    http_method: string;
                                    /** @description upstream URL */
                                    endpoint_url: string;
                                    /** @description argument names */
                                    arguments: string[];
                                    /** @description required arguments */
                                    required: string[];
                                };
                                /** @description change and move: the fields that differ */
                                fields: {
                                    /** @description name, description, endpoint_url, http_method, tags, input_schema.properties, input_schema.required, input_schema, parameter_mapping, headers, annotations, output_schema, body_template, interaction */
                                    field: string;
                                    /** @description the property, mapping key or header (fields merged per key) */
                                    key?: string;
                                    /** @description as last applied (absent: the key was not there) */
                                    base?: unknown;
                                    /** @description the tool now (absent: not there) */
                                    ours?: unknown;
                                    /** @description the document now (absent: not there) */
                                    theirs?: unknown;
                                    /**
                                     * @description take_theirs: only upstream changed; keep_ours: only the operator; converged: both alike; conflict: both, differently
                                     * @enum {string}
                                     */
                                    outcome: "take_theirs" | "keep_ours" | "converged" | "conflict";
                                    /** @description a name list merged both ways (what the apply writes) */
                                    result?: unknown;
                                    /** @description why this is a conflict beyond "both changed" */
                                    reason?: string;
                                }[];
                                /** @description breaking changes for MCP clients */
                                breaking: {
                                    /**
                                     * @description what breaks
                                     * @enum {string}
                                     */
                                    kind: "argument_removed" | "argument_required" | "type_narrowed" | "tool_removed";
                                    /** @description the argument concerned */
                                    argument?: string;
                                    /** @description in words */
                                    detail: string;
                                }[];
                                /** @description what the result would get wrong that no field choice names (an add with a problem is left out) */
                                problems: string[];
                                /** @description the operation had left the document and is back */
                                restored?: boolean;
                            }[];
                            /** @description ISO 8601 time of the check */
                            created_at: string;
                            /** @description ISO 8601 time it was applied */
                            applied_at: string | null;
                        };
                    };
                };
                /** @description Error: `invalid_spec`, `unsupported_version`, `unsupported_format`, `svc_url_forbidden`, `svc_url_unfetchable`, `svc_import_too_large`, `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{server_id}/sources/{source_id}/plans/{plan_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a plan
         * @description A plan as computed (and, once applied, when).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                    /** @description source UUID */
                    source_id: string;
                    /** @description plan UUID */
                    plan_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description What re-reading the source would do, computed against the versions named. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description plan UUID */
                            id: string;
                            /** @description source UUID */
                            source_id: string;
                            /**
                             * @description open: may be applied; superseded: a newer check replaced it
                             * @enum {string}
                             */
                            status: "open" | "applied" | "superseded";
                            /**
                             * @description what made it
                             * @enum {string}
                             */
                            trigger: "manual" | "scheduled";
                            /**
                             * @description the document: changed, not_modified (304), unchanged (same bytes)
                             * @enum {string}
                             */
                            upstream: "changed" | "not_modified" | "unchanged";
                            /** @description the document read */
                            document: {
                                /** @description title */
                                title: string;
                                /** @description its own version */
                                version: string;
                            };
                            /** @description counts */
                            summary: {
                                /** @description tools to add */
                                add: number;
                                /** @description tools to change */
                                change: number;
                                /** @description tools whose operation moved to another route */
                                move: number;
                                /** @description tools whose operation left the document */
                                remove: number;
                                /** @description fields changed both here and upstream, differently */
                                conflicts: number;
                                /** @description entries with a breaking change */
                                breaking: number;
                                /** @description tracked tools upstream did not change */
                                unchanged: number;
                                /** @description operations not imported */
                                excluded: number;
                                /** @description kept tools still gone from the document */
                                flagged: number;
                            };
                            /** @description e.g. "3 to add, 5 to change, 2 conflicts, 1 to remove" */
                            summary_text: string;
                            /** @description the versions it was computed against (an apply refuses when one moved: 409) */
                            computed_against: {
                                /** @description the source's revision */
                                source_revision: number;
                                /** @description sha256 of the document read */
                                content_hash: string;
                                /** @description updated_at of every tool it touches, by tool UUID */
                                tools: {
                                    [key: string]: string;
                                };
                            };
                            /** @description the importer's notes */
                            warnings: string[];
                            /** @description adds and changes in document order, removals last */
                            entries: {
                                /** @description entry id (`e1`…): what apply choices name */
                                id: string;
                                /**
                                 * @description what happens
                                 * @enum {string}
                                 */
                                action: "add" | "change" | "move" | "remove";
                                /** @description an operation of the document */
                                operation: {
                                    /** @description `op:<operationId>`, `id:<Postman item id>`, `slug:<slug>` or `route:<METHOD> <path>` */
                                    key: string;
                                    /** @description the operationId or Postman item id, when it has one */
                                    operation_id: string | null;
                                    /** @description HTTP method */
                                    method: string;
                                    /** @description path template, parameter names normalised to {} */
                                    path: string;
                                };
                                /** @description the operation as tracked before (a move or a renamed key) */
                                previous?: {
                                    /** @description `op:<operationId>`, `id:<Postman item id>`, `slug:<slug>` or `route:<METHOD> <path>` */
                                    key: string;
                                    /** @description the operationId or Postman item id, when it has one */
                                    operation_id: string | null;
                                    /** @description HTTP method */
                                    method: string;
                                    /** @description path template, parameter names normalised to {} */
                                    path: string;
                                };
                                /** @description the tool (null: none) */
                                tool: {
                                    /** @description tool UUID */
                                    id: string;
                                    /** @description the MCP tool name */
                                    slug: string;
                                    /** @description display name */
                                    name: string;
                                    /**
                                     * @description tool status
                                     * @enum {string}
                                     */
                                    status: "draft" | "active" | "inactive";
                                } | null;
                                /** @description add: the tool the operation becomes */
                                candidate?: {
                                    /** @description display name */
                                    name: string;
                                    /** @description proposed MCP tool name (a taken one gets -2, -3…) */
                                    slug: string;
                                    /** @description description */
                                    description: string;
                                    /** @description HTTP method */
                                    http_method: string;
                                    /** @description upstream URL */
                                    endpoint_url: string;
                                    /** @description argument names */
                                    arguments: string[];
                                    /** @description required arguments */
                                    required: string[];
                                };
                                /** @description change and move: the fields that differ */
                                fields: {
                                    /** @description name, description, endpoint_url, http_method, tags, input_schema.properties, input_schema.required, input_schema, parameter_mapping, headers, annotations, output_schema, body_template, interaction */
                                    field: string;
                                    /** @description the property, mapping key or header (fields merged per key) */
                                    key?: string;
                                    /** @description as last applied (absent: the key was not there) */
                                    base?: unknown;
                                    /** @description the tool now (absent: not there) */
                                    ours?: unknown;
                                    /** @description the document now (absent: not there) */
                                    theirs?: unknown;
                                    /**
                                     * @description take_theirs: only upstream changed; keep_ours: only the operator; converged: both alike; conflict: both, differently
                                     * @enum {string}
                                     */
                                    outcome: "take_theirs" | "keep_ours" | "converged" | "conflict";
                                    /** @description a name list merged both ways (what the apply writes) */
                                    result?: unknown;
                                    /** @description why this is a conflict beyond "both changed" */
                                    reason?: string;
                                }[];
                                /** @description breaking changes for MCP clients */
                                breaking: {
                                    /**
                                     * @description what breaks
                                     * @enum {string}
                                     */
                                    kind: "argument_removed" | "argument_required" | "type_narrowed" | "tool_removed";
                                    /** @description the argument concerned */
                                    argument?: string;
                                    /** @description in words */
                                    detail: string;
                                }[];
                                /** @description what the result would get wrong that no field choice names (an add with a problem is left out) */
                                problems: string[];
                                /** @description the operation had left the document and is back */
                                restored?: boolean;
                            }[];
                            /** @description ISO 8601 time of the check */
                            created_at: string;
                            /** @description ISO 8601 time it was applied */
                            applied_at: string | null;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{server_id}/sources/{source_id}/plans/{plan_id}/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a plan
         * @description Does exactly what the plan shows, with a choice per conflict and per removal, in one transaction; 409 when the plan is stale (applied, superseded, the source applied since, or a planned tool changed). One list_changed when an active tool changed as clients see it; recorded in the audit trail.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID or numeric id */
                    server_id: string;
                    /** @description source UUID */
                    source_id: string;
                    /** @description plan UUID */
                    plan_id: string;
                };
                cookie?: never;
            };
            /** @description The choices: one per conflict, one per removal; optionally additions to leave out. */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "resolutions": [
                     *         {
                     *           "entry": "e2",
                     *           "field": "description",
                     *           "choice": "ours"
                     *         }
                     *       ],
                     *       "removals": [
                     *         {
                     *           "entry": "e7",
                     *           "action": "flag"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description per conflict (or any listed field): ours, theirs, or a value */
                        resolutions?: {
                            /** @description entry id (`e3`) */
                            entry: string;
                            /** @description the field change's `field` */
                            field: string;
                            /** @description the field change's `key`, when it has one */
                            key?: string;
                            /**
                             * @description which side, or a value
                             * @enum {string}
                             */
                            choice: "ours" | "theirs" | "value";
                            /** @description choice value: the value (absent removes the key) */
                            value?: unknown;
                        }[];
                        /** @description per removed operation: flag (keep serving, marked), deactivate, detach (stop tracking) or delete */
                        removals?: {
                            /** @description entry id */
                            entry: string;
                            /**
                             * @description what to do
                             * @enum {string}
                             */
                            action: "flag" | "deactivate" | "detach" | "delete";
                        }[];
                        /** @description entry ids of additions to leave out (remembered as excluded) */
                        skip?: string[];
                    } | null;
                };
            };
            responses: {
                /** @description What the apply did. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description What re-reading the source would do, computed against the versions named. */
                            plan: {
                                /** @description plan UUID */
                                id: string;
                                /** @description source UUID */
                                source_id: string;
                                /**
                                 * @description open: may be applied; superseded: a newer check replaced it
                                 * @enum {string}
                                 */
                                status: "open" | "applied" | "superseded";
                                /**
                                 * @description what made it
                                 * @enum {string}
                                 */
                                trigger: "manual" | "scheduled";
                                /**
                                 * @description the document: changed, not_modified (304), unchanged (same bytes)
                                 * @enum {string}
                                 */
                                upstream: "changed" | "not_modified" | "unchanged";
                                /** @description the document read */
                                document: {
                                    /** @description title */
                                    title: string;
                                    /** @description its own version */
                                    version: string;
                                };
                                /** @description counts */
                                summary: {
                                    /** @description tools to add */
                                    add: number;
                                    /** @description tools to change */
                                    change: number;
                                    /** @description tools whose operation moved to another route */
                                    move: number;
                                    /** @description tools whose operation left the document */
                                    remove: number;
                                    /** @description fields changed both here and upstream, differently */
                                    conflicts: number;
                                    /** @description entries with a breaking change */
                                    breaking: number;
                                    /** @description tracked tools upstream did not change */
                                    unchanged: number;
                                    /** @description operations not imported */
                                    excluded: number;
                                    /** @description kept tools still gone from the document */
                                    flagged: number;
                                };
                                /** @description e.g. "3 to add, 5 to change, 2 conflicts, 1 to remove" */
                                summary_text: string;
                                /** @description the versions it was computed against (an apply refuses when one moved: 409) */
                                computed_against: {
                                    /** @description the source's revision */
                                    source_revision: number;
                                    /** @description sha256 of the document read */
                                    content_hash: string;
                                    /** @description updated_at of every tool it touches, by tool UUID */
                                    tools: {
                                        [key: string]: string;
                                    };
                                };
                                /** @description the importer's notes */
                                warnings: string[];
                                /** @description adds and changes in document order, removals last */
                                entries: {
                                    /** @description entry id (`e1`…): what apply choices name */
                                    id: string;
                                    /**
                                     * @description what happens
                                     * @enum {string}
                                     */
                                    action: "add" | "change" | "move" | "remove";
                                    /** @description an operation of the document */
                                    operation: {
                                        /** @description `op:<operationId>`, `id:<Postman item id>`, `slug:<slug>` or `route:<METHOD> <path>` */
                                        key: string;
                                        /** @description the operationId or Postman item id, when it has one */
                                        operation_id: string | null;
                                        /** @description HTTP method */
                                        method: string;
                                        /** @description path template, parameter names normalised to {} */
                                        path: string;
                                    };
                                    /** @description the operation as tracked before (a move or a renamed key) */
                                    previous?: {
                                        /** @description `op:<operationId>`, `id:<Postman item id>`, `slug:<slug>` or `route:<METHOD> <path>` */
                                        key: string;
                                        /** @description the operationId or Postman item id, when it has one */
                                        operation_id: string | null;
                                        /** @description HTTP method */
                                        method: string;
                                        /** @description path template, parameter names normalised to {} */
                                        path: string;
                                    };
                                    /** @description the tool (null: none) */
                                    tool: {
                                        /** @description tool UUID */
                                        id: string;
                                        /** @description the MCP tool name */
                                        slug: string;
                                        /** @description display name */
                                        name: string;
                                        /**
                                         * @description tool status
                                         * @enum {string}
                                         */
                                        status: "draft" | "active" | "inactive";
                                    } | null;
                                    /** @description add: the tool the operation becomes */
                                    candidate?: {
                                        /** @description display name */
                                        name: string;
                                        /** @description proposed MCP tool name (a taken one gets -2, -3…) */
                                        slug: string;
                                        /** @description description */
                                        description: string;
                                        /** @description HTTP method */
                                        http_method: string;
                                        /** @description upstream URL */
                                        endpoint_url: string;
                                        /** @description argument names */
                                        arguments: string[];
                                        /** @description required arguments */
                                        required: string[];
                                    };
                                    /** @description change and move: the fields that differ */
                                    fields: {
                                        /** @description name, description, endpoint_url, http_method, tags, input_schema.properties, input_schema.required, input_schema, parameter_mapping, headers, annotations, output_schema, body_template, interaction */
                                        field: string;
                                        /** @description the property, mapping key or header (fields merged per key) */
                                        key?: string;
                                        /** @description as last applied (absent: the key was not there) */
                                        base?: unknown;
                                        /** @description the tool now (absent: not there) */
                                        ours?: unknown;
                                        /** @description the document now (absent: not there) */
                                        theirs?: unknown;
                                        /**
                                         * @description take_theirs: only upstream changed; keep_ours: only the operator; converged: both alike; conflict: both, differently
                                         * @enum {string}
                                         */
                                        outcome: "take_theirs" | "keep_ours" | "converged" | "conflict";
                                        /** @description a name list merged both ways (what the apply writes) */
                                        result?: unknown;
                                        /** @description why this is a conflict beyond "both changed" */
                                        reason?: string;
                                    }[];
                                    /** @description breaking changes for MCP clients */
                                    breaking: {
                                        /**
                                         * @description what breaks
                                         * @enum {string}
                                         */
                                        kind: "argument_removed" | "argument_required" | "type_narrowed" | "tool_removed";
                                        /** @description the argument concerned */
                                        argument?: string;
                                        /** @description in words */
                                        detail: string;
                                    }[];
                                    /** @description what the result would get wrong that no field choice names (an add with a problem is left out) */
                                    problems: string[];
                                    /** @description the operation had left the document and is back */
                                    restored?: boolean;
                                }[];
                                /** @description ISO 8601 time of the check */
                                created_at: string;
                                /** @description ISO 8601 time it was applied */
                                applied_at: string | null;
                            };
                            /** @description tools added */
                            created: {
                                /** @description tool UUID */
                                uuid: string;
                                /** @description MCP tool name */
                                slug: string;
                                /** @description display name */
                                name?: string;
                            }[];
                            /** @description tools changed */
                            changed: {
                                /** @description tool UUID */
                                uuid: string;
                                /** @description MCP tool name */
                                slug: string;
                            }[];
                            /** @description removed operations and what was done */
                            removed: {
                                /** @description tool UUID */
                                uuid: string;
                                /** @description MCP tool name */
                                slug: string;
                                /**
                                 * @description the choice
                                 * @enum {string}
                                 */
                                action: "flag" | "deactivate" | "detach" | "delete";
                            }[];
                            /** @description additions left out, and why */
                            skipped: {
                                /** @description entry id */
                                entry: string;
                                /** @description why */
                                reason: string;
                            }[];
                            /** @description an active tool changed as MCP clients see it (list_changed sent once) */
                            list_changed: boolean;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_conflict` */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read settings
         * @description The gateway settings, defaults included.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Every setting, with the defaults filled in. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "default_rate_limit": 60,
                         *       "default_timeout": 30,
                         *       "log_retention_days": 30,
                         *       "analytics_retention_days": 90,
                         *       "audit_retention_days": 365,
                         *       "log_response_data": false,
                         *       "enable_health_checks": true,
                         *       "health_check_interval": 60,
                         *       "notification_email": "",
                         *       "enable_email_alerts": false,
                         *       "usage_alert_threshold": 1000,
                         *       "keep_data_on_uninstall": false,
                         *       "timezone": "UTC",
                         *       "approval_timeout_minutes": 60,
                         *       "approval_webhook_url": ""
                         *     }
                         */
                        "application/json": {
                            /** @description MCP calls a minute for new servers (0 = unlimited) */
                            default_rate_limit: number;
                            /** @description seconds, for new tools */
                            default_timeout: number;
                            /** @description days call logs are kept */
                            log_retention_days: number;
                            /** @description days hourly aggregates are kept */
                            analytics_retention_days: number;
                            /** @description days audit rows are kept (0 = forever); the audit trail is retained separately from call logs */
                            audit_retention_days: number;
                            /** @description store upstream response bodies in call logs */
                            log_response_data: boolean;
                            /** @description run the background health checks */
                            enable_health_checks: boolean;
                            /** @description minutes between background health checks */
                            health_check_interval: number;
                            /** @description address of usage alerts (empty: none) */
                            notification_email: string;
                            /** @description send usage alerts by e-mail */
                            enable_email_alerts: boolean;
                            /** @description calls per hour that trigger an alert */
                            usage_alert_threshold: number;
                            /** @description `toolgate uninstall` keeps tables, options and keys */
                            keep_data_on_uninstall: boolean;
                            /** @description IANA time zone of the site, e.g. Europe/Paris (analytics days) */
                            timezone: string;
                            /** @description minutes a call waits for an approver before it is refused */
                            approval_timeout_minutes: number;
                            /** @description URL that receives a JSON POST for each approval request and decision (empty: none); answers show only its origin followed by /… */
                            approval_webhook_url: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Update settings
         * @description Validated partial update (PATCH; POST is an alias). Answers the full settings. Lowering `log_retention_days`, `analytics_retention_days` or `audit_retention_days` below its current value (for audit rows, 0 is forever, so any other value is lower) deletes rows and needs `manage_options` (403 `rest_forbidden` otherwise); keeping or raising them needs only `svc_manage_settings`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description Partial update: only the settings sent change. */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "log_retention_days": 14,
                     *       "timezone": "Europe/Paris"
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description MCP calls a minute for new servers (0 = unlimited)
                         * @default 60
                         */
                        default_rate_limit?: number;
                        /**
                         * @description seconds, for new tools
                         * @default 30
                         */
                        default_timeout?: number;
                        /**
                         * @description days call logs are kept
                         * @default 30
                         */
                        log_retention_days?: number;
                        /**
                         * @description days hourly aggregates are kept
                         * @default 90
                         */
                        analytics_retention_days?: number;
                        /**
                         * @description days audit rows are kept (0 = forever); the audit trail is retained separately from call logs
                         * @default 365
                         */
                        audit_retention_days?: number;
                        /**
                         * @description store upstream response bodies in call logs
                         * @default false
                         */
                        log_response_data?: boolean;
                        /**
                         * @description run the background health checks
                         * @default true
                         */
                        enable_health_checks?: boolean;
                        /**
                         * @description minutes between background health checks
                         * @default 60
                         */
                        health_check_interval?: number;
                        /**
                         * @description address of usage alerts (empty: none)
                         * @default
                         */
                        notification_email?: string;
                        /**
                         * @description send usage alerts by e-mail
                         * @default false
                         */
                        enable_email_alerts?: boolean;
                        /**
                         * @description calls per hour that trigger an alert
                         * @default 1000
                         */
                        usage_alert_threshold?: number;
                        /**
                         * @description `toolgate uninstall` keeps tables, options and keys
                         * @default false
                         */
                        keep_data_on_uninstall?: boolean;
                        /**
                         * @description IANA time zone of the site, e.g. Europe/Paris (analytics days)
                         * @default UTC
                         */
                        timezone?: string;
                        /**
                         * @description minutes a call waits for an approver before it is refused
                         * @default 60
                         */
                        approval_timeout_minutes?: number;
                        /**
                         * @description URL that receives a JSON POST for each approval request and decision (empty: none); answers show only its origin followed by /…
                         * @default
                         */
                        approval_webhook_url?: string;
                    };
                };
            };
            responses: {
                /** @description Every setting, with the defaults filled in. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "default_rate_limit": 60,
                         *       "default_timeout": 30,
                         *       "log_retention_days": 30,
                         *       "analytics_retention_days": 90,
                         *       "audit_retention_days": 365,
                         *       "log_response_data": false,
                         *       "enable_health_checks": true,
                         *       "health_check_interval": 60,
                         *       "notification_email": "",
                         *       "enable_email_alerts": false,
                         *       "usage_alert_threshold": 1000,
                         *       "keep_data_on_uninstall": false,
                         *       "timezone": "UTC",
                         *       "approval_timeout_minutes": 60,
                         *       "approval_webhook_url": ""
                         *     }
                         */
                        "application/json": {
                            /** @description MCP calls a minute for new servers (0 = unlimited) */
                            default_rate_limit: number;
                            /** @description seconds, for new tools */
                            default_timeout: number;
                            /** @description days call logs are kept */
                            log_retention_days: number;
                            /** @description days hourly aggregates are kept */
                            analytics_retention_days: number;
                            /** @description days audit rows are kept (0 = forever); the audit trail is retained separately from call logs */
                            audit_retention_days: number;
                            /** @description store upstream response bodies in call logs */
                            log_response_data: boolean;
                            /** @description run the background health checks */
                            enable_health_checks: boolean;
                            /** @description minutes between background health checks */
                            health_check_interval: number;
                            /** @description address of usage alerts (empty: none) */
                            notification_email: string;
                            /** @description send usage alerts by e-mail */
                            enable_email_alerts: boolean;
                            /** @description calls per hour that trigger an alert */
                            usage_alert_threshold: number;
                            /** @description `toolgate uninstall` keeps tables, options and keys */
                            keep_data_on_uninstall: boolean;
                            /** @description IANA time zone of the site, e.g. Europe/Paris (analytics days) */
                            timezone: string;
                            /** @description minutes a call waits for an approver before it is refused */
                            approval_timeout_minutes: number;
                            /** @description URL that receives a JSON POST for each approval request and decision (empty: none); answers show only its origin followed by /… */
                            approval_webhook_url: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update settings
         * @description Validated partial update (PATCH; POST is an alias). Answers the full settings. Lowering `log_retention_days`, `analytics_retention_days` or `audit_retention_days` below its current value (for audit rows, 0 is forever, so any other value is lower) deletes rows and needs `manage_options` (403 `rest_forbidden` otherwise); keeping or raising them needs only `svc_manage_settings`.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description Partial update: only the settings sent change. */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "log_retention_days": 14,
                     *       "timezone": "Europe/Paris"
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description MCP calls a minute for new servers (0 = unlimited)
                         * @default 60
                         */
                        default_rate_limit?: number;
                        /**
                         * @description seconds, for new tools
                         * @default 30
                         */
                        default_timeout?: number;
                        /**
                         * @description days call logs are kept
                         * @default 30
                         */
                        log_retention_days?: number;
                        /**
                         * @description days hourly aggregates are kept
                         * @default 90
                         */
                        analytics_retention_days?: number;
                        /**
                         * @description days audit rows are kept (0 = forever); the audit trail is retained separately from call logs
                         * @default 365
                         */
                        audit_retention_days?: number;
                        /**
                         * @description store upstream response bodies in call logs
                         * @default false
                         */
                        log_response_data?: boolean;
                        /**
                         * @description run the background health checks
                         * @default true
                         */
                        enable_health_checks?: boolean;
                        /**
                         * @description minutes between background health checks
                         * @default 60
                         */
                        health_check_interval?: number;
                        /**
                         * @description address of usage alerts (empty: none)
                         * @default
                         */
                        notification_email?: string;
                        /**
                         * @description send usage alerts by e-mail
                         * @default false
                         */
                        enable_email_alerts?: boolean;
                        /**
                         * @description calls per hour that trigger an alert
                         * @default 1000
                         */
                        usage_alert_threshold?: number;
                        /**
                         * @description `toolgate uninstall` keeps tables, options and keys
                         * @default false
                         */
                        keep_data_on_uninstall?: boolean;
                        /**
                         * @description IANA time zone of the site, e.g. Europe/Paris (analytics days)
                         * @default UTC
                         */
                        timezone?: string;
                        /**
                         * @description minutes a call waits for an approver before it is refused
                         * @default 60
                         */
                        approval_timeout_minutes?: number;
                        /**
                         * @description URL that receives a JSON POST for each approval request and decision (empty: none); answers show only its origin followed by /…
                         * @default
                         */
                        approval_webhook_url?: string;
                    };
                };
            };
            responses: {
                /** @description Every setting, with the defaults filled in. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "default_rate_limit": 60,
                         *       "default_timeout": 30,
                         *       "log_retention_days": 30,
                         *       "analytics_retention_days": 90,
                         *       "audit_retention_days": 365,
                         *       "log_response_data": false,
                         *       "enable_health_checks": true,
                         *       "health_check_interval": 60,
                         *       "notification_email": "",
                         *       "enable_email_alerts": false,
                         *       "usage_alert_threshold": 1000,
                         *       "keep_data_on_uninstall": false,
                         *       "timezone": "UTC",
                         *       "approval_timeout_minutes": 60,
                         *       "approval_webhook_url": ""
                         *     }
                         */
                        "application/json": {
                            /** @description MCP calls a minute for new servers (0 = unlimited) */
                            default_rate_limit: number;
                            /** @description seconds, for new tools */
                            default_timeout: number;
                            /** @description days call logs are kept */
                            log_retention_days: number;
                            /** @description days hourly aggregates are kept */
                            analytics_retention_days: number;
                            /** @description days audit rows are kept (0 = forever); the audit trail is retained separately from call logs */
                            audit_retention_days: number;
                            /** @description store upstream response bodies in call logs */
                            log_response_data: boolean;
                            /** @description run the background health checks */
                            enable_health_checks: boolean;
                            /** @description minutes between background health checks */
                            health_check_interval: number;
                            /** @description address of usage alerts (empty: none) */
                            notification_email: string;
                            /** @description send usage alerts by e-mail */
                            enable_email_alerts: boolean;
                            /** @description calls per hour that trigger an alert */
                            usage_alert_threshold: number;
                            /** @description `toolgate uninstall` keeps tables, options and keys */
                            keep_data_on_uninstall: boolean;
                            /** @description IANA time zone of the site, e.g. Europe/Paris (analytics days) */
                            timezone: string;
                            /** @description minutes a call waits for an approver before it is refused */
                            approval_timeout_minutes: number;
                            /** @description URL that receives a JSON POST for each approval request and decision (empty: none); answers show only its origin followed by /… */
                            approval_webhook_url: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/servers/{server_id}/prompts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List prompts
         * @description Prompts of a server, a page at a time.
         */
        get: {
            parameters: {
                query?: {
                    /** @description page number, from 1 (default 1) */
                    page?: string;
                    /** @description items per page, 1–100 (default 20) */
                    per_page?: string;
                };
                header?: never;
                path: {
                    /** @description numeric server id (or UUID) */
                    server_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The prompts of this page. */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            id: number;
                            server_id: number;
                            name: string;
                            description: string;
                            arguments: ({
                                name: string;
                                description: string;
                                required: boolean;
                                values?: string[];
                            } & {
                                [key: string]: unknown;
                            })[];
                            template_content: string;
                            server_uuid: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a prompt
         * @description Creates a prompt; its name is unique in the server. MCP clients get prompts list_changed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description numeric server id (or UUID) */
                    server_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "summarise",
                     *       "description": "Summarise a text",
                     *       "arguments": [
                     *         {
                     *           "name": "text",
                     *           "description": "the text",
                     *           "required": true
                     *         }
                     *       ],
                     *       "template_content": "Summarise in three bullet points: {{text}}"
                     *     }
                     */
                    "application/json": {
                        /** @description the MCP prompt name, unique in the server */
                        name: string;
                        /**
                         * @description shown to the client in prompts/list
                         * @default
                         */
                        description?: string;
                        /**
                         * @description named arguments
                         * @default []
                         */
                        arguments?: {
                            /** @description argument name, unique in the prompt */
                            name: string;
                            /**
                             * @description what the argument means
                             * @default
                             */
                            description?: string;
                            /**
                             * @description whether prompts/get needs it
                             * @default false
                             */
                            required?: boolean;
                            /**
                             * @description asked of the person with a form (MCP elicitation) instead of being listed for the model
                             * @default false
                             */
                            ask_user?: boolean;
                            /** @description suggested values offered by MCP completion/complete */
                            values?: string[];
                        }[];
                        /**
                         * @description text with {{argument_name}} placeholders (one user message), or a JSON array of MCP messages
                         * @default
                         */
                        template_content?: string;
                    };
                };
            };
            responses: {
                /** @description The created prompt. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 3,
                         *       "server_id": 1,
                         *       "name": "summarise",
                         *       "description": "Summarise a text",
                         *       "arguments": [
                         *         {
                         *           "name": "text",
                         *           "description": "the text",
                         *           "required": true
                         *         }
                         *       ],
                         *       "template_content": "Summarise in three bullet points: {{text}}",
                         *       "server_uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "updated_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            id: number;
                            server_id: number;
                            name: string;
                            description: string;
                            arguments: ({
                                name: string;
                                description: string;
                                required: boolean;
                                values?: string[];
                            } & {
                                [key: string]: unknown;
                            })[];
                            template_content: string;
                            server_uuid: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{server_id}/prompts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a prompt
         * @description One prompt by numeric id.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description numeric server id (or UUID) */
                    server_id: string;
                    /** @description numeric prompt id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The prompt. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 3,
                         *       "server_id": 1,
                         *       "name": "summarise",
                         *       "description": "Summarise a text",
                         *       "arguments": [
                         *         {
                         *           "name": "text",
                         *           "description": "the text",
                         *           "required": true
                         *         }
                         *       ],
                         *       "template_content": "Summarise in three bullet points: {{text}}",
                         *       "server_uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "updated_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            id: number;
                            server_id: number;
                            name: string;
                            description: string;
                            arguments: ({
                                name: string;
                                description: string;
                                required: boolean;
                                values?: string[];
                            } & {
                                [key: string]: unknown;
                            })[];
                            template_content: string;
                            server_uuid: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a prompt
         * @description Deletes the prompt permanently.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description numeric server id (or UUID) */
                    server_id: string;
                    /** @description numeric prompt id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "deleted": true
                         *     }
                         */
                        "application/json": {
                            deleted?: boolean;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_delete_failed`, `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Update a prompt
         * @description Partial update: only the fields sent change.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description numeric server id (or UUID) */
                    server_id: string;
                    /** @description numeric prompt id */
                    id: string;
                };
                cookie?: never;
            };
            /** @description Every field is optional; only the fields sent change. */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "template_content": "Summarise in one sentence: {{text}}"
                     *     }
                     */
                    "application/json": {
                        /** @description the MCP prompt name, unique in the server */
                        name?: string;
                        /**
                         * @description shown to the client in prompts/list
                         * @default
                         */
                        description?: string;
                        /**
                         * @description named arguments
                         * @default []
                         */
                        arguments?: {
                            /** @description argument name, unique in the prompt */
                            name: string;
                            /**
                             * @description what the argument means
                             * @default
                             */
                            description?: string;
                            /**
                             * @description whether prompts/get needs it
                             * @default false
                             */
                            required?: boolean;
                            /**
                             * @description asked of the person with a form (MCP elicitation) instead of being listed for the model
                             * @default false
                             */
                            ask_user?: boolean;
                            /** @description suggested values offered by MCP completion/complete */
                            values?: string[];
                        }[];
                        /**
                         * @description text with {{argument_name}} placeholders (one user message), or a JSON array of MCP messages
                         * @default
                         */
                        template_content?: string;
                    };
                };
            };
            responses: {
                /** @description The updated prompt. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 3,
                         *       "server_id": 1,
                         *       "name": "summarise",
                         *       "description": "Summarise a text",
                         *       "arguments": [
                         *         {
                         *           "name": "text",
                         *           "description": "the text",
                         *           "required": true
                         *         }
                         *       ],
                         *       "template_content": "Summarise in three bullet points: {{text}}",
                         *       "server_uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "updated_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            id: number;
                            server_id: number;
                            name: string;
                            description: string;
                            arguments: ({
                                name: string;
                                description: string;
                                required: boolean;
                                values?: string[];
                            } & {
                                [key: string]: unknown;
                            })[];
                            template_content: string;
                            server_uuid: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_update_failed`, `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/servers/{server_id}/resources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List resources
         * @description Resources of a server (named by UUID, slug or numeric id), a page at a time; `X-Svc-Total` counts them.
         */
        get: {
            parameters: {
                query?: {
                    /** @description page number, from 1 (default 1) */
                    page?: string;
                    /** @description items per page, 1–100 (default 20) */
                    per_page?: string;
                };
                header?: never;
                path: {
                    /** @description server UUID (preferred), slug or numeric id */
                    server_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The resources of this page. */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            id: number;
                            server_id: number;
                            uri: string;
                            name: string;
                            description: string;
                            mime_type: string;
                            /** @enum {string} */
                            data_source_type: "static" | "http";
                            data_source_config: {
                                [key: string]: unknown;
                            };
                            template_uri: string | null;
                            server_uuid: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a resource
         * @description Creates a resource; its URI is unique in the server. MCP clients get resources list_changed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID (preferred), slug or numeric id */
                    server_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "uri": "docs://readme",
                     *       "name": "README",
                     *       "mime_type": "text/markdown",
                     *       "data_source_type": "static",
                     *       "data_source_config": {
                     *         "content": "# Hello"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description absolute URI (e.g. docs://readme), unique within the server */
                        uri: string;
                        /** @description display name; default: the URI */
                        name?: string;
                        /**
                         * @description shown in resources/list
                         * @default
                         */
                        description?: string;
                        /**
                         * @description MIME type of the content
                         * @default text/plain
                         */
                        mime_type?: string;
                        /**
                         * @description static: stored content; http: fetched from a URL at read time
                         * @default static
                         * @enum {string}
                         */
                        data_source_type?: "static" | "http";
                        /** @description static: `{content, encoding?: "base64"}`; http: `{url}` (may hold the template's {variables}) */
                        data_source_config?: {
                            /** @description static: the content (base64 when encoding is base64) */
                            content?: string;
                            /** @description static: "base64" for binary content */
                            encoding?: string;
                            /** @description http: absolute http(s) URL to fetch */
                            url?: string;
                        };
                        /** @description RFC 6570 level-1 template, e.g. test://template/{id}/data */
                        template_uri?: string | null;
                    };
                };
            };
            responses: {
                /** @description The created resource. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 2,
                         *       "server_id": 1,
                         *       "uri": "docs://readme",
                         *       "name": "README",
                         *       "description": "",
                         *       "mime_type": "text/markdown",
                         *       "data_source_type": "static",
                         *       "data_source_config": {
                         *         "content": "# Hello"
                         *       },
                         *       "template_uri": null,
                         *       "server_uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "updated_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            id: number;
                            server_id: number;
                            uri: string;
                            name: string;
                            description: string;
                            mime_type: string;
                            /** @enum {string} */
                            data_source_type: "static" | "http";
                            data_source_config: {
                                [key: string]: unknown;
                            };
                            template_uri: string | null;
                            server_uuid: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{server_id}/resources/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a resource
         * @description One resource by numeric id.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID (preferred), slug or numeric id */
                    server_id: string;
                    /** @description numeric resource id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The resource. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 2,
                         *       "server_id": 1,
                         *       "uri": "docs://readme",
                         *       "name": "README",
                         *       "description": "",
                         *       "mime_type": "text/markdown",
                         *       "data_source_type": "static",
                         *       "data_source_config": {
                         *         "content": "# Hello"
                         *       },
                         *       "template_uri": null,
                         *       "server_uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "updated_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            id: number;
                            server_id: number;
                            uri: string;
                            name: string;
                            description: string;
                            mime_type: string;
                            /** @enum {string} */
                            data_source_type: "static" | "http";
                            data_source_config: {
                                [key: string]: unknown;
                            };
                            template_uri: string | null;
                            server_uuid: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Update a resource
         * @description Partial update (PATCH and PUT alike); subscribed MCP clients get resources/updated.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID (preferred), slug or numeric id */
                    server_id: string;
                    /** @description numeric resource id */
                    id: string;
                };
                cookie?: never;
            };
            /** @description Every field is optional; only the fields sent change (PUT is the same partial update). */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data_source_config": {
                     *         "content": "# Hello again"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description absolute URI (e.g. docs://readme), unique within the server */
                        uri?: string;
                        /** @description display name; default: the URI */
                        name?: string;
                        /**
                         * @description shown in resources/list
                         * @default
                         */
                        description?: string;
                        /**
                         * @description MIME type of the content
                         * @default text/plain
                         */
                        mime_type?: string;
                        /**
                         * @description static: stored content; http: fetched from a URL at read time
                         * @default static
                         * @enum {string}
                         */
                        data_source_type?: "static" | "http";
                        /** @description static: `{content, encoding?: "base64"}`; http: `{url}` (may hold the template's {variables}) */
                        data_source_config?: {
                            /** @description static: the content (base64 when encoding is base64) */
                            content?: string;
                            /** @description static: "base64" for binary content */
                            encoding?: string;
                            /** @description http: absolute http(s) URL to fetch */
                            url?: string;
                        };
                        /** @description RFC 6570 level-1 template, e.g. test://template/{id}/data */
                        template_uri?: string | null;
                    };
                };
            };
            responses: {
                /** @description The updated resource. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 2,
                         *       "server_id": 1,
                         *       "uri": "docs://readme",
                         *       "name": "README",
                         *       "description": "",
                         *       "mime_type": "text/markdown",
                         *       "data_source_type": "static",
                         *       "data_source_config": {
                         *         "content": "# Hello"
                         *       },
                         *       "template_uri": null,
                         *       "server_uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "updated_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            id: number;
                            server_id: number;
                            uri: string;
                            name: string;
                            description: string;
                            mime_type: string;
                            /** @enum {string} */
                            data_source_type: "static" | "http";
                            data_source_config: {
                                [key: string]: unknown;
                            };
                            template_uri: string | null;
                            server_uuid: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_update_failed`, `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a resource
         * @description Deletes the resource permanently.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID (preferred), slug or numeric id */
                    server_id: string;
                    /** @description numeric resource id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "deleted": true
                         *     }
                         */
                        "application/json": {
                            deleted?: boolean;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_delete_failed`, `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Update a resource
         * @description Partial update (PATCH and PUT alike); subscribed MCP clients get resources/updated.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID (preferred), slug or numeric id */
                    server_id: string;
                    /** @description numeric resource id */
                    id: string;
                };
                cookie?: never;
            };
            /** @description Every field is optional; only the fields sent change (PUT is the same partial update). */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "data_source_config": {
                     *         "content": "# Hello again"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description absolute URI (e.g. docs://readme), unique within the server */
                        uri?: string;
                        /** @description display name; default: the URI */
                        name?: string;
                        /**
                         * @description shown in resources/list
                         * @default
                         */
                        description?: string;
                        /**
                         * @description MIME type of the content
                         * @default text/plain
                         */
                        mime_type?: string;
                        /**
                         * @description static: stored content; http: fetched from a URL at read time
                         * @default static
                         * @enum {string}
                         */
                        data_source_type?: "static" | "http";
                        /** @description static: `{content, encoding?: "base64"}`; http: `{url}` (may hold the template's {variables}) */
                        data_source_config?: {
                            /** @description static: the content (base64 when encoding is base64) */
                            content?: string;
                            /** @description static: "base64" for binary content */
                            encoding?: string;
                            /** @description http: absolute http(s) URL to fetch */
                            url?: string;
                        };
                        /** @description RFC 6570 level-1 template, e.g. test://template/{id}/data */
                        template_uri?: string | null;
                    };
                };
            };
            responses: {
                /** @description The updated resource. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 2,
                         *       "server_id": 1,
                         *       "uri": "docs://readme",
                         *       "name": "README",
                         *       "description": "",
                         *       "mime_type": "text/markdown",
                         *       "data_source_type": "static",
                         *       "data_source_config": {
                         *         "content": "# Hello"
                         *       },
                         *       "template_uri": null,
                         *       "server_uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "updated_at": "2026-01-05T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            id: number;
                            server_id: number;
                            uri: string;
                            name: string;
                            description: string;
                            mime_type: string;
                            /** @enum {string} */
                            data_source_type: "static" | "http";
                            data_source_config: {
                                [key: string]: unknown;
                            };
                            template_uri: string | null;
                            server_uuid: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_update_failed`, `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/analytics/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Overview statistics
         * @description Counts of servers and tools, calls today and yesterday (site time zone), and the average response time and success rate over the range.
         */
        get: {
            parameters: {
                query?: {
                    /** @description number of days up to today (overview: 1, 7, 30 or 90; default 1; others default 7) */
                    days?: string;
                    /** @description YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30); overrides days */
                    from?: string;
                    /** @description YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30); default today */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "total_servers": 2,
                         *       "active_servers": 1,
                         *       "total_tools": 12,
                         *       "active_tools": 9,
                         *       "calls_today": 140,
                         *       "calls_yesterday": 95,
                         *       "avg_response_ms": 212,
                         *       "success_rate": 98.6,
                         *       "tokens_served": 48200
                         *     }
                         */
                        "application/json": {
                            total_servers?: number;
                            active_servers?: number;
                            total_tools?: number;
                            active_tools?: number;
                            calls_today?: number;
                            calls_yesterday?: number;
                            avg_response_ms?: number;
                            /** @description percent, 0 to 100 */
                            success_rate?: number;
                            /** @description estimated tokens of the content returned to clients over the range */
                            tokens_served?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Token metering
         * @description Estimated tokens of the arguments received and the content served over the range (default 7 days, at most 366): totals, per day the tools by tokens, and the top tools.
         */
        get: {
            parameters: {
                query?: {
                    /** @description number of days up to today (overview: 1, 7, 30 or 90; default 1; others default 7) */
                    days?: string;
                    /** @description YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30); overrides days */
                    from?: string;
                    /** @description YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30); default today */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "args_tokens": 120,
                         *       "result_tokens": 4800,
                         *       "days": [
                         *         {
                         *           "date": "2026-01-05",
                         *           "tools": []
                         *         }
                         *       ],
                         *       "top_tools": [
                         *         {
                         *           "server_uuid": "0b7c1f9e-4d0a-4f6e-9a57-2f3c8e1d5a10",
                         *           "server_name": "Weather API",
                         *           "tool_name": "get_forecast",
                         *           "calls": 12,
                         *           "args_tokens": 120,
                         *           "result_tokens": 4800,
                         *           "tokens": 4920
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": {
                            args_tokens?: number;
                            result_tokens?: number;
                            days?: {
                                [key: string]: unknown;
                            }[];
                            top_tools?: {
                                [key: string]: unknown;
                            }[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/timeseries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Calls per day
         * @description One point per day of the range (default 7 days, at most 366), days without calls included.
         */
        get: {
            parameters: {
                query?: {
                    /** @description number of days up to today (overview: 1, 7, 30 or 90; default 1; others default 7) */
                    days?: string;
                    /** @description YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30); overrides days */
                    from?: string;
                    /** @description YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30); default today */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "date": "2026-01-05",
                         *         "calls": 140,
                         *         "errors": 2,
                         *         "avg_ms": 212,
                         *         "p95_ms": 640
                         *       }
                         *     ]
                         */
                        "application/json": ({
                            /** @description YYYY-MM-DD */
                            date?: string;
                            calls?: number;
                            errors?: number;
                            avg_ms?: number;
                            /** @description 95th percentile latency (nearest rank) from the hourly latency histogram (64 buckets, 0 ms to 60 s): exact below 9 ms, within 17.7 % of the exact value up to 60 s; null when no latency is recorded for the day */
                            p95_ms?: number | null;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/breakdown": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Calls grouped by tool, status, client or person
         * @description Busiest first, over the range (default 7 days). `by=status` answers `{status, calls, http_status}` per `success`/`error`, where `http_status` counts calls per upstream status code, `invalid_arguments` (refused before any request: the arguments failed the tool's input schema or made no valid request) and `none` (no upstream answer: transport failure, timeout, rate limit, prompts and resources). `by=user` answers `{user_uuid, email, display_name, calls, errors, avg_response_ms}` per signed-in person (calls with no person are left out; e-mail and name are null once the user is deleted).
         */
        get: {
            parameters: {
                query?: {
                    /** @description number of days up to today (overview: 1, 7, 30 or 90; default 1; others default 7) */
                    days?: string;
                    /** @description YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30); overrides days */
                    from?: string;
                    /** @description YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30); default today */
                    to?: string;
                    /** @description grouping: tool, status, client or user */
                    by?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "server_uuid": "0b7c1f9e-…",
                         *         "server_name": "Weather API",
                         *         "tool_name": "get_forecast",
                         *         "calls": 120,
                         *         "errors": 1,
                         *         "avg_ms": 198
                         *       }
                         *     ]
                         */
                        "application/json": {
                            [key: string]: unknown;
                        }[];
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List call logs
         * @description Call logs matching the filters, newest first by default, a page at a time.
         */
        get: {
            parameters: {
                query?: {
                    /** @description substring of server name, tool name, method, client type, client IP or error message */
                    search?: string;
                    /** @description server UUID (or numeric id); a value matching no server is ignored */
                    server_id?: string;
                    /** @description success or error (on `response_status`) */
                    status?: string;
                    /** @description YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30), inclusive from the start of the day */
                    from?: string;
                    /** @description YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30), inclusive to the end of the day */
                    to?: string;
                    /** @description tools, prompts or resources (JSON-RPC method family) */
                    method_group?: string;
                    /** @description only calls at least this slow (integer ms) */
                    min_response_time_ms?: string;
                    /** @description the signed-in person (user UUID) who made the calls */
                    user_id?: string;
                    /** @description a code-mode run: the `execute` call's row and its program's api calls */
                    run_id?: string;
                    /** @description page number, from 1 (default 1) */
                    page?: string;
                    /** @description items per page, 1–100 (default 20) */
                    per_page?: string;
                    /** @description sort field: created_at or response_time_ms */
                    orderby?: string;
                    /** @description sort direction: asc or desc */
                    order?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The call logs of this page. */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            id: number;
                            server_id: number | null;
                            server_uuid: string | null;
                            server_name: string;
                            tool_id: number | null;
                            tool_name: string;
                            /** @description JSON-RPC method, e.g. tools/call */
                            method: string;
                            /** @description mcp or admin_test */
                            client_type: string;
                            /** @description MCP clientInfo.name */
                            client_name: string | null;
                            /** @description client family (claude, cursor, vscode, …) */
                            client: string;
                            client_ip: string | null;
                            session_id: string | null;
                            /** @description the signed-in person (user UUID), when the server signs people in */
                            user_uuid: string | null;
                            /** @description the OAuth client the person connected with */
                            oauth_client_id: string | null;
                            /** @description the policies that permitted the call; null when none applied */
                            policy_ids: string[] | null;
                            /** @description the code-mode run: the `execute` call's own row and every `api` call its program made share it */
                            run_id: string | null;
                            /** @description the arguments, secrets redacted */
                            request_args: unknown;
                            /** @enum {string} */
                            response_status: "success" | "error";
                            /** @description upstream status */
                            http_status: number | null;
                            response_time_ms: number;
                            error_message: string | null;
                            /** @description upstream body, when `log_response_data` is on */
                            response_data: string | null;
                            /** @description estimated tokens of the arguments */
                            args_tokens: number | null;
                            /** @description estimated tokens of the result */
                            result_tokens: number | null;
                            /** Format: date-time */
                            created_at: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete call logs by id
         * @description Administrators only. Unknown ids are ignored; non-integers dropped.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "ids": [
                     *         12,
                     *         13,
                     *         14
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description call-log ids (integers); other values are dropped; at least one must remain */
                        ids?: unknown[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "deleted": 42
                         *     }
                         */
                        "application/json": {
                            /** @description rows removed (0 when nothing matched) */
                            deleted?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/calls/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export call logs
         * @description Every call log matching the filters, streamed newest first as a CSV or JSON file download.
         */
        get: {
            parameters: {
                query?: {
                    /** @description substring of server name, tool name, method, client type, client IP or error message */
                    search?: string;
                    /** @description server UUID (or numeric id); a value matching no server is ignored */
                    server_id?: string;
                    /** @description success or error (on `response_status`) */
                    status?: string;
                    /** @description YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30), inclusive from the start of the day */
                    from?: string;
                    /** @description YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30), inclusive to the end of the day */
                    to?: string;
                    /** @description tools, prompts or resources (JSON-RPC method family) */
                    method_group?: string;
                    /** @description only calls at least this slow (integer ms) */
                    min_response_time_ms?: string;
                    /** @description the signed-in person (user UUID) who made the calls */
                    user_id?: string;
                    /** @description a code-mode run: the `execute` call's row and its program's api calls */
                    run_id?: string;
                    /** @description file format: csv or json */
                    format?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A CSV (`text/csv`) or JSON array file, as an attachment. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/calls/filter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete call logs by filter
         * @description Administrators only. Filters in the query string or a JSON body (the body wins); at least one is required.
         */
        delete: {
            parameters: {
                query?: {
                    /** @description substring of server name, tool name, method, client type, client IP or error message */
                    search?: string;
                    /** @description server UUID (or numeric id); a value matching no server is ignored */
                    server_id?: string;
                    /** @description success or error (on `response_status`) */
                    status?: string;
                    /** @description YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30), inclusive from the start of the day */
                    from?: string;
                    /** @description YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30), inclusive to the end of the day */
                    to?: string;
                    /** @description tools, prompts or resources (JSON-RPC method family) */
                    method_group?: string;
                    /** @description only calls at least this slow (integer ms) */
                    min_response_time_ms?: string;
                    /** @description the signed-in person (user UUID) who made the calls */
                    user_id?: string;
                    /** @description a code-mode run: the `execute` call's row and its program's api calls */
                    run_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description Filters (also accepted in the query string). At least one is required. */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "to": "2026-01-31"
                     *     }
                     */
                    "application/json": {
                        /** @description substring of server name, tool name, method, client type, client IP or error message */
                        search?: string | number | boolean | null;
                        /** @description server UUID (or numeric id); a value matching no server is ignored */
                        server_id?: string | number | boolean | null;
                        /** @description success or error (on `response_status`) */
                        status?: string | number | boolean | null;
                        /** @description YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30), inclusive from the start of the day */
                        from?: string | number | boolean | null;
                        /** @description YYYY-MM-DD in the site time zone (1970-01-01 to 9999-12-30), inclusive to the end of the day */
                        to?: string | number | boolean | null;
                        /** @description tools, prompts or resources (JSON-RPC method family) */
                        method_group?: string | number | boolean | null;
                        /** @description only calls at least this slow (integer ms) */
                        min_response_time_ms?: string | number | boolean | null;
                        /** @description the signed-in person (user UUID) who made the calls */
                        user_id?: string | number | boolean | null;
                        /** @description a code-mode run: the `execute` call's row and its program's api calls */
                        run_id?: string | number | boolean | null;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "deleted": 42
                         *     }
                         */
                        "application/json": {
                            /** @description rows removed (0 when nothing matched) */
                            deleted?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/run-retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run retention now
         * @description Deletes call logs older than `log_retention_days`, aggregates older than `analytics_retention_days`, audit rows older than `audit_retention_days` (0: none; the chain still verifies from the last deleted row) and stale MCP sessions; blocks until done. Administrators only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description No body (an empty JSON object is accepted). */
            requestBody: {
                content: {
                    "application/json": Record<string, never> | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "deleted": {
                         *         "call_logs": 1200,
                         *         "analytics_daily": 48,
                         *         "sessions": 3,
                         *         "audit_log": 0
                         *       },
                         *       "thresholds": {
                         *         "log_retention_days": 30,
                         *         "analytics_retention_days": 90,
                         *         "audit_retention_days": 365
                         *       }
                         *     }
                         */
                        "application/json": {
                            deleted?: {
                                call_logs?: number;
                                analytics_daily?: number;
                                sessions?: number;
                                audit_log?: number;
                            } & {
                                [key: string]: unknown;
                            };
                            thresholds?: {
                                log_retention_days?: number;
                                analytics_retention_days?: number;
                                audit_retention_days?: number;
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/health-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the last health-check diagnostic
         * @description The result of the last run (manual or background).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "checked_at": "2026-01-05T10:00:00.000Z",
                         *       "results": [
                         *         {
                         *           "server_uuid": "0b7c1f9e-…",
                         *           "slug": "weather-api",
                         *           "endpoint_url": "http://localhost:8080/mcp/weather-api",
                         *           "status": "ok",
                         *           "http_status": 200,
                         *           "latency_ms": 12,
                         *           "tool_count": 3,
                         *           "error": null,
                         *           "recent_calls": {
                         *             "window_minutes": 60,
                         *             "calls": 40,
                         *             "errors": 1,
                         *             "error_rate": 0.025,
                         *             "latest_error": "HTTP 502"
                         *           }
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": {
                            /** @description null before the first run */
                            checked_at?: string | null;
                            results?: ({
                                server_uuid?: string;
                                slug?: string;
                                endpoint_url?: string;
                                /**
                                 * @description the worse of the probe (initialize + tools/list) and the recent MCP calls: under 5 calls in the last hour any error warns; from 5, an error rate of 10 % warns and 50 % fails
                                 * @enum {string}
                                 */
                                status?: "ok" | "warn" | "fail";
                                http_status?: number | null;
                                latency_ms?: number;
                                tool_count?: number | null;
                                error?: string | null;
                                /** @description e.g. why a protected endpoint was not listed */
                                note?: string;
                                /** @description MCP clients' calls of the last hour (Test actions left out) */
                                recent_calls?: {
                                    window_minutes?: number;
                                    calls?: number;
                                    errors?: number;
                                    /** @description errors / calls (0 to 1); null without calls */
                                    error_rate?: number | null;
                                    latest_error?: string | null;
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description why the recent calls make the status warn or fail */
                                warning?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Run the health-check diagnostic
         * @description Runs `initialize` and `tools/list` against every active server's own MCP endpoint, in parallel, and keeps the result.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description No body (an empty JSON object is accepted). */
            requestBody: {
                content: {
                    "application/json": Record<string, never> | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "checked_at": "2026-01-05T10:00:00.000Z",
                         *       "results": [
                         *         {
                         *           "server_uuid": "0b7c1f9e-…",
                         *           "slug": "weather-api",
                         *           "endpoint_url": "http://localhost:8080/mcp/weather-api",
                         *           "status": "ok",
                         *           "http_status": 200,
                         *           "latency_ms": 12,
                         *           "tool_count": 3,
                         *           "error": null,
                         *           "recent_calls": {
                         *             "window_minutes": 60,
                         *             "calls": 40,
                         *             "errors": 1,
                         *             "error_rate": 0.025,
                         *             "latest_error": "HTTP 502"
                         *           }
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": {
                            /** @description null before the first run */
                            checked_at?: string | null;
                            results?: ({
                                server_uuid?: string;
                                slug?: string;
                                endpoint_url?: string;
                                /**
                                 * @description the worse of the probe (initialize + tools/list) and the recent MCP calls: under 5 calls in the last hour any error warns; from 5, an error rate of 10 % warns and 50 % fails
                                 * @enum {string}
                                 */
                                status?: "ok" | "warn" | "fail";
                                http_status?: number | null;
                                latency_ms?: number;
                                tool_count?: number | null;
                                error?: string | null;
                                /** @description e.g. why a protected endpoint was not listed */
                                note?: string;
                                /** @description MCP clients' calls of the last hour (Test actions left out) */
                                recent_calls?: {
                                    window_minutes?: number;
                                    calls?: number;
                                    errors?: number;
                                    /** @description errors / calls (0 to 1); null without calls */
                                    error_rate?: number | null;
                                    latest_error?: string | null;
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description why the recent calls make the status warn or fail */
                                warning?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign-in methods
         * @description Whether password sign-in is on, and the identity provider button, if one is configured.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The sign-in methods. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "local": true,
                         *       "oidc": {
                         *         "name": "Okta"
                         *       }
                         *     }
                         */
                        "application/json": {
                            local: boolean;
                            oidc: {
                                name: string;
                            } | null;
                        };
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with e-mail and password
         * @description Starts an admin UI session: sets the HttpOnly `tg_session` cookie (`__Host-tg_session` over HTTPS) and answers the CSRF token. Ten attempts a minute per e-mail and per client address.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "email": "ada@example.com",
                     *       "password": "correct horse battery"
                     *     }
                     */
                    "application/json": {
                        /** @description any case */
                        email: string;
                        /** @description the password */
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Signed in; the session cookie is set. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "user": {
                         *         "id": "0b7c1e9a-4f5d-4a53-9c39-2b1f0c3d4e5f",
                         *         "email": "ada@example.com",
                         *         "display_name": "Ada",
                         *         "role": "editor",
                         *         "groups": [
                         *           {
                         *             "id": "5d2e…",
                         *             "name": "Platform"
                         *           }
                         *         ],
                         *         "capabilities": [
                         *           "svc_manage_servers",
                         *           "svc_view_analytics"
                         *         ],
                         *         "has_password": true,
                         *         "external": false,
                         *         "disabled": false,
                         *         "last_sign_in_at": "2026-01-05T10:00:00.000Z",
                         *         "created_at": "2026-01-01T09:00:00.000Z"
                         *       },
                         *       "capabilities": [
                         *         "svc_manage_servers",
                         *         "svc_view_analytics"
                         *       ],
                         *       "csrf_token": "Zk3…",
                         *       "expires_at": "2026-01-12T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            user: {
                                /** Format: uuid */
                                id: string;
                                /** @description lower-case */
                                email: string;
                                display_name: string;
                                /**
                                 * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                                 * @enum {string|null}
                                 */
                                role: "administrator" | "editor" | "analyst" | "settings" | null;
                                groups: {
                                    /** Format: uuid */
                                    id: string;
                                    name: string;
                                }[];
                                /** @description what the person may do now */
                                capabilities: ("manage_options" | "svc_manage_servers" | "svc_manage_settings" | "svc_view_analytics")[];
                                /** @description can sign in with a password */
                                has_password: boolean;
                                /** @description linked to an identity provider account */
                                external: boolean;
                                /** @description cannot sign in; their keys do not work */
                                disabled: boolean;
                                /** Format: date-time */
                                last_sign_in_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                            };
                            /** @description what the person may do now */
                            capabilities: ("manage_options" | "svc_manage_servers" | "svc_manage_settings" | "svc_view_analytics")[];
                            /** @description send as X-CSRF-Token on every POST, PUT, PATCH, DELETE */
                            csrf_token: string;
                            /**
                             * Format: date-time
                             * @description the absolute end of the session
                             */
                            expires_at: string;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_invalid_credentials` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_rate_limited` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Ends the session of the cookie and clears the cookie (with the cookie, send X-CSRF-Token).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description No body (an empty JSON object is accepted). */
            requestBody: {
                content: {
                    "application/json": Record<string, never> | null;
                };
            };
            responses: {
                /** @description Signed out; the cookie is cleared. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_csrf_failed` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current session
         * @description Who this request is: the signed-in person (cookie) or the key (bearer) and its owner, with the effective capabilities; for a session also the CSRF token and when it ends.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Who this request is. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "user": {
                         *         "id": "0b7c1e9a-4f5d-4a53-9c39-2b1f0c3d4e5f",
                         *         "email": "ada@example.com",
                         *         "display_name": "Ada",
                         *         "role": "editor",
                         *         "groups": [
                         *           {
                         *             "id": "5d2e…",
                         *             "name": "Platform"
                         *           }
                         *         ],
                         *         "capabilities": [
                         *           "svc_manage_servers",
                         *           "svc_view_analytics"
                         *         ],
                         *         "has_password": true,
                         *         "external": false,
                         *         "disabled": false,
                         *         "last_sign_in_at": "2026-01-05T10:00:00.000Z",
                         *         "created_at": "2026-01-01T09:00:00.000Z"
                         *       },
                         *       "via": "session",
                         *       "capabilities": [
                         *         "svc_manage_servers",
                         *         "svc_view_analytics"
                         *       ],
                         *       "csrf_token": "Zk3…",
                         *       "expires_at": "2026-01-12T10:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @description null for an API key of no person */
                            user: {
                                /** Format: uuid */
                                id: string;
                                /** @description lower-case */
                                email: string;
                                display_name: string;
                                /**
                                 * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                                 * @enum {string|null}
                                 */
                                role: "administrator" | "editor" | "analyst" | "settings" | null;
                                groups: {
                                    /** Format: uuid */
                                    id: string;
                                    name: string;
                                }[];
                                /** @description what the person may do now */
                                capabilities: ("manage_options" | "svc_manage_servers" | "svc_manage_settings" | "svc_view_analytics")[];
                                /** @description can sign in with a password */
                                has_password: boolean;
                                /** @description linked to an identity provider account */
                                external: boolean;
                                /** @description cannot sign in; their keys do not work */
                                disabled: boolean;
                                /** Format: date-time */
                                last_sign_in_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                            } | null;
                            /** @enum {string} */
                            via: "key" | "session";
                            /** @description what the person may do now */
                            capabilities: ("manage_options" | "svc_manage_servers" | "svc_manage_settings" | "svc_view_analytics")[];
                            /** @description session only */
                            csrf_token?: string;
                            /**
                             * Format: date-time
                             * @description session only: the absolute end
                             */
                            expires_at?: string;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oidc/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign in with the identity provider
         * @description Redirects (302) to the identity provider; `return_to` is a path on this site to come back to.
         */
        get: {
            parameters: {
                query?: {
                    /** @description a same-origin path, e.g. /admin/ */
                    return_to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description To the identity provider. */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Identity provider callback
         * @description Where the identity provider sends the browser back; starts a session and redirects (302) to `return_to`. When the sign-in is refused, a browser (Accept: text/html) is redirected to the admin UI with `sign_in_error` naming why; other clients get the error.
         */
        get: {
            parameters: {
                query?: {
                    /** @description authorization code */
                    code?: string;
                    /** @description the state sent */
                    state?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Back to the admin UI. */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error: `rest_bad_request`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_invalid_credentials` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description People who can sign in, paginated (`X-Svc-Total`).
         */
        get: {
            parameters: {
                query?: {
                    /** @description page number, from 1 (default 1) */
                    page?: string;
                    /** @description items per page, 1–100 (default 20) */
                    per_page?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The users. */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "id": "0b7c1e9a-4f5d-4a53-9c39-2b1f0c3d4e5f",
                         *         "email": "ada@example.com",
                         *         "display_name": "Ada",
                         *         "role": "editor",
                         *         "groups": [
                         *           {
                         *             "id": "5d2e…",
                         *             "name": "Platform"
                         *           }
                         *         ],
                         *         "capabilities": [
                         *           "svc_manage_servers",
                         *           "svc_view_analytics"
                         *         ],
                         *         "has_password": true,
                         *         "external": false,
                         *         "disabled": false,
                         *         "last_sign_in_at": "2026-01-05T10:00:00.000Z",
                         *         "created_at": "2026-01-01T09:00:00.000Z"
                         *       }
                         *     ]
                         */
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** @description lower-case */
                            email: string;
                            display_name: string;
                            /**
                             * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                             * @enum {string|null}
                             */
                            role: "administrator" | "editor" | "analyst" | "settings" | null;
                            groups: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            }[];
                            /** @description what the person may do now */
                            capabilities: ("manage_options" | "svc_manage_servers" | "svc_manage_settings" | "svc_view_analytics")[];
                            /** @description can sign in with a password */
                            has_password: boolean;
                            /** @description linked to an identity provider account */
                            external: boolean;
                            /** @description cannot sign in; their keys do not work */
                            disabled: boolean;
                            /** Format: date-time */
                            last_sign_in_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a user
         * @description A person; without a password they sign in only through the identity provider.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "email": "ada@example.com",
                     *       "display_name": "Ada",
                     *       "role": "editor",
                     *       "password": "correct horse battery"
                     *     }
                     */
                    "application/json": {
                        /** @description unique; stored lower-case */
                        email: string;
                        /** @description default: the part before @ */
                        display_name?: string;
                        /** @description at least 12 characters */
                        password?: string;
                        /**
                         * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                         * @enum {string|null}
                         */
                        role?: "administrator" | "editor" | "analyst" | "settings" | null;
                    };
                };
            };
            responses: {
                /** @description The user. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "0b7c1e9a-4f5d-4a53-9c39-2b1f0c3d4e5f",
                         *       "email": "ada@example.com",
                         *       "display_name": "Ada",
                         *       "role": "editor",
                         *       "groups": [
                         *         {
                         *           "id": "5d2e…",
                         *           "name": "Platform"
                         *         }
                         *       ],
                         *       "capabilities": [
                         *         "svc_manage_servers",
                         *         "svc_view_analytics"
                         *       ],
                         *       "has_password": true,
                         *       "external": false,
                         *       "disabled": false,
                         *       "last_sign_in_at": "2026-01-05T10:00:00.000Z",
                         *       "created_at": "2026-01-01T09:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** @description lower-case */
                            email: string;
                            display_name: string;
                            /**
                             * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                             * @enum {string|null}
                             */
                            role: "administrator" | "editor" | "analyst" | "settings" | null;
                            groups: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            }[];
                            /** @description what the person may do now */
                            capabilities: ("manage_options" | "svc_manage_servers" | "svc_manage_settings" | "svc_view_analytics")[];
                            /** @description can sign in with a password */
                            has_password: boolean;
                            /** @description linked to an identity provider account */
                            external: boolean;
                            /** @description cannot sign in; their keys do not work */
                            disabled: boolean;
                            /** Format: date-time */
                            last_sign_in_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_conflict` */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user
         * @description One person with their groups and effective capabilities.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description user UUID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The user. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "0b7c1e9a-4f5d-4a53-9c39-2b1f0c3d4e5f",
                         *       "email": "ada@example.com",
                         *       "display_name": "Ada",
                         *       "role": "editor",
                         *       "groups": [
                         *         {
                         *           "id": "5d2e…",
                         *           "name": "Platform"
                         *         }
                         *       ],
                         *       "capabilities": [
                         *         "svc_manage_servers",
                         *         "svc_view_analytics"
                         *       ],
                         *       "has_password": true,
                         *       "external": false,
                         *       "disabled": false,
                         *       "last_sign_in_at": "2026-01-05T10:00:00.000Z",
                         *       "created_at": "2026-01-01T09:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** @description lower-case */
                            email: string;
                            display_name: string;
                            /**
                             * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                             * @enum {string|null}
                             */
                            role: "administrator" | "editor" | "analyst" | "settings" | null;
                            groups: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            }[];
                            /** @description what the person may do now */
                            capabilities: ("manage_options" | "svc_manage_servers" | "svc_manage_settings" | "svc_view_analytics")[];
                            /** @description can sign in with a password */
                            has_password: boolean;
                            /** @description linked to an identity provider account */
                            external: boolean;
                            /** @description cannot sign in; their keys do not work */
                            disabled: boolean;
                            /** Format: date-time */
                            last_sign_in_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a user
         * @description Their sessions end and their keys are revoked. Not yourself, never the last administrator (409).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description user UUID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "deleted": true,
                         *       "id": "0b7c…"
                         *     }
                         */
                        "application/json": {
                            deleted?: boolean;
                            id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_conflict` */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a user
         * @description Name, role, password or disabled. You cannot disable yourself or remove the last administrator (409).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description user UUID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the name shown */
                        display_name?: string;
                        /**
                         * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                         * @enum {string|null}
                         */
                        role?: "administrator" | "editor" | "analyst" | "settings" | null;
                        /** @description at least 12 characters */
                        password?: string;
                        /** @description disabling signs the person out everywhere */
                        disabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description The user. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "0b7c1e9a-4f5d-4a53-9c39-2b1f0c3d4e5f",
                         *       "email": "ada@example.com",
                         *       "display_name": "Ada",
                         *       "role": "editor",
                         *       "groups": [
                         *         {
                         *           "id": "5d2e…",
                         *           "name": "Platform"
                         *         }
                         *       ],
                         *       "capabilities": [
                         *         "svc_manage_servers",
                         *         "svc_view_analytics"
                         *       ],
                         *       "has_password": true,
                         *       "external": false,
                         *       "disabled": false,
                         *       "last_sign_in_at": "2026-01-05T10:00:00.000Z",
                         *       "created_at": "2026-01-01T09:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** @description lower-case */
                            email: string;
                            display_name: string;
                            /**
                             * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                             * @enum {string|null}
                             */
                            role: "administrator" | "editor" | "analyst" | "settings" | null;
                            groups: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            }[];
                            /** @description what the person may do now */
                            capabilities: ("manage_options" | "svc_manage_servers" | "svc_manage_settings" | "svc_view_analytics")[];
                            /** @description can sign in with a password */
                            has_password: boolean;
                            /** @description linked to an identity provider account */
                            external: boolean;
                            /** @description cannot sign in; their keys do not work */
                            disabled: boolean;
                            /** Format: date-time */
                            last_sign_in_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_conflict` */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/users/{id}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's sessions
         * @description The person's live admin UI sessions.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description user UUID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The live sessions. */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "id": "9f1a…",
                         *         "created_at": "2026-01-05T10:00:00.000Z",
                         *         "last_seen_at": "2026-01-05T11:00:00.000Z",
                         *         "expires_at": "2026-01-05T23:00:00.000Z",
                         *         "ip": "203.0.113.7",
                         *         "user_agent": "Mozilla/5.0 …",
                         *         "current": true
                         *       }
                         *     ]
                         */
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                            /**
                             * Format: date-time
                             * @description when it ends unless used again (idle limit or absolute end)
                             */
                            expires_at: string;
                            ip: string | null;
                            /** @description at most 200 characters */
                            user_agent: string | null;
                            /** @description the session of this request */
                            current: boolean;
                        }[];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Sign a user out everywhere
         * @description Ends every admin UI session of the person (their keys keep working).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description user UUID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "revoked": 2
                         *     }
                         */
                        "application/json": {
                            revoked?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List groups
         * @description Groups with their role, IdP mapping and members, by name.
         */
        get: {
            parameters: {
                query?: {
                    /** @description page number, from 1 (default 1) */
                    page?: string;
                    /** @description items per page, 1–100 (default 20) */
                    per_page?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The groups. */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "id": "5d2e…",
                         *         "name": "Platform",
                         *         "role": "editor",
                         *         "idp_group": "platform-team",
                         *         "members": [
                         *           {
                         *             "id": "0b7c…",
                         *             "email": "ada@example.com",
                         *             "display_name": "Ada"
                         *           }
                         *         ],
                         *         "created_at": "2026-01-01T09:00:00.000Z",
                         *         "updated_at": "2026-01-01T09:00:00.000Z"
                         *       }
                         *     ]
                         */
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /**
                             * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                             * @enum {string|null}
                             */
                            role: "administrator" | "editor" | "analyst" | "settings" | null;
                            /** @description the IdP group claim value that makes a member */
                            idp_group: string | null;
                            members: {
                                /** Format: uuid */
                                id: string;
                                email: string;
                                display_name: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a group
         * @description A group gives its role to its members; `idp_group` makes IdP users with that claim value members.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "Platform",
                     *       "role": "editor",
                     *       "idp_group": "platform-team"
                     *     }
                     */
                    "application/json": {
                        /** @description unique */
                        name: string;
                        /**
                         * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                         * @enum {string|null}
                         */
                        role?: "administrator" | "editor" | "analyst" | "settings" | null;
                        /** @description IdP group claim value */
                        idp_group?: string | null;
                    };
                };
            };
            responses: {
                /** @description The group. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "5d2e…",
                         *       "name": "Platform",
                         *       "role": "editor",
                         *       "idp_group": "platform-team",
                         *       "members": [
                         *         {
                         *           "id": "0b7c…",
                         *           "email": "ada@example.com",
                         *           "display_name": "Ada"
                         *         }
                         *       ],
                         *       "created_at": "2026-01-01T09:00:00.000Z",
                         *       "updated_at": "2026-01-01T09:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /**
                             * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                             * @enum {string|null}
                             */
                            role: "administrator" | "editor" | "analyst" | "settings" | null;
                            /** @description the IdP group claim value that makes a member */
                            idp_group: string | null;
                            members: {
                                /** Format: uuid */
                                id: string;
                                email: string;
                                display_name: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_conflict` */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A group
         * @description One group with its members.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description group UUID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The group. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "5d2e…",
                         *       "name": "Platform",
                         *       "role": "editor",
                         *       "idp_group": "platform-team",
                         *       "members": [
                         *         {
                         *           "id": "0b7c…",
                         *           "email": "ada@example.com",
                         *           "display_name": "Ada"
                         *         }
                         *       ],
                         *       "created_at": "2026-01-01T09:00:00.000Z",
                         *       "updated_at": "2026-01-01T09:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /**
                             * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                             * @enum {string|null}
                             */
                            role: "administrator" | "editor" | "analyst" | "settings" | null;
                            /** @description the IdP group claim value that makes a member */
                            idp_group: string | null;
                            members: {
                                /** Format: uuid */
                                id: string;
                                email: string;
                                display_name: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a group
         * @description Its members lose its role; never the last administrator (409).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description group UUID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "deleted": true,
                         *       "id": "5d2e…"
                         *     }
                         */
                        "application/json": {
                            deleted?: boolean;
                            id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_conflict` */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a group
         * @description Name, role or IdP mapping; never removing the last administrator (409).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description group UUID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "Platform",
                     *       "role": "editor",
                     *       "idp_group": "platform-team"
                     *     }
                     */
                    "application/json": {
                        /** @description unique */
                        name?: string;
                        /**
                         * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                         * @enum {string|null}
                         */
                        role?: "administrator" | "editor" | "analyst" | "settings" | null;
                        /** @description IdP group claim value */
                        idp_group?: string | null;
                    };
                };
            };
            responses: {
                /** @description The group. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "5d2e…",
                         *       "name": "Platform",
                         *       "role": "editor",
                         *       "idp_group": "platform-team",
                         *       "members": [
                         *         {
                         *           "id": "0b7c…",
                         *           "email": "ada@example.com",
                         *           "display_name": "Ada"
                         *         }
                         *       ],
                         *       "created_at": "2026-01-01T09:00:00.000Z",
                         *       "updated_at": "2026-01-01T09:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /**
                             * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                             * @enum {string|null}
                             */
                            role: "administrator" | "editor" | "analyst" | "settings" | null;
                            /** @description the IdP group claim value that makes a member */
                            idp_group: string | null;
                            members: {
                                /** Format: uuid */
                                id: string;
                                email: string;
                                display_name: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_conflict` */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/groups/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a group's members
         * @description The members become exactly these users (UUIDs).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description group UUID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "user_ids": [
                     *         "0b7c1e9a-4f5d-4a53-9c39-2b1f0c3d4e5f"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description user UUIDs */
                        user_ids: string[];
                    };
                };
            };
            responses: {
                /** @description The group. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "5d2e…",
                         *       "name": "Platform",
                         *       "role": "editor",
                         *       "idp_group": "platform-team",
                         *       "members": [
                         *         {
                         *           "id": "0b7c…",
                         *           "email": "ada@example.com",
                         *           "display_name": "Ada"
                         *         }
                         *       ],
                         *       "created_at": "2026-01-01T09:00:00.000Z",
                         *       "updated_at": "2026-01-01T09:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /**
                             * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                             * @enum {string|null}
                             */
                            role: "administrator" | "editor" | "analyst" | "settings" | null;
                            /** @description the IdP group claim value that makes a member */
                            idp_group: string | null;
                            members: {
                                /** Format: uuid */
                                id: string;
                                email: string;
                                display_name: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_conflict` */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Me
         * @description The signed-in person (or the owner of the key).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description You. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "0b7c1e9a-4f5d-4a53-9c39-2b1f0c3d4e5f",
                         *       "email": "ada@example.com",
                         *       "display_name": "Ada",
                         *       "role": "editor",
                         *       "groups": [
                         *         {
                         *           "id": "5d2e…",
                         *           "name": "Platform"
                         *         }
                         *       ],
                         *       "capabilities": [
                         *         "svc_manage_servers",
                         *         "svc_view_analytics"
                         *       ],
                         *       "has_password": true,
                         *       "external": false,
                         *       "disabled": false,
                         *       "last_sign_in_at": "2026-01-05T10:00:00.000Z",
                         *       "created_at": "2026-01-01T09:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** @description lower-case */
                            email: string;
                            display_name: string;
                            /**
                             * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                             * @enum {string|null}
                             */
                            role: "administrator" | "editor" | "analyst" | "settings" | null;
                            groups: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            }[];
                            /** @description what the person may do now */
                            capabilities: ("manage_options" | "svc_manage_servers" | "svc_manage_settings" | "svc_view_analytics")[];
                            /** @description can sign in with a password */
                            has_password: boolean;
                            /** @description linked to an identity provider account */
                            external: boolean;
                            /** @description cannot sign in; their keys do not work */
                            disabled: boolean;
                            /** Format: date-time */
                            last_sign_in_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change my name or password
         * @description A new password needs `current_password` when one is set; your other sessions end.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "password": "a new long passphrase",
                     *       "current_password": "the old one here"
                     *     }
                     */
                    "application/json": {
                        /** @description the name shown */
                        display_name?: string;
                        /** @description at least 12 characters */
                        password?: string;
                        /** @description needed to change a set password */
                        current_password?: string;
                    };
                };
            };
            responses: {
                /** @description You. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "0b7c1e9a-4f5d-4a53-9c39-2b1f0c3d4e5f",
                         *       "email": "ada@example.com",
                         *       "display_name": "Ada",
                         *       "role": "editor",
                         *       "groups": [
                         *         {
                         *           "id": "5d2e…",
                         *           "name": "Platform"
                         *         }
                         *       ],
                         *       "capabilities": [
                         *         "svc_manage_servers",
                         *         "svc_view_analytics"
                         *       ],
                         *       "has_password": true,
                         *       "external": false,
                         *       "disabled": false,
                         *       "last_sign_in_at": "2026-01-05T10:00:00.000Z",
                         *       "created_at": "2026-01-01T09:00:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** @description lower-case */
                            email: string;
                            display_name: string;
                            /**
                             * @description administrator, editor, analyst, settings, or null (capabilities from groups only)
                             * @enum {string|null}
                             */
                            role: "administrator" | "editor" | "analyst" | "settings" | null;
                            groups: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            }[];
                            /** @description what the person may do now */
                            capabilities: ("manage_options" | "svc_manage_servers" | "svc_manage_settings" | "svc_view_analytics")[];
                            /** @description can sign in with a password */
                            has_password: boolean;
                            /** @description linked to an identity provider account */
                            external: boolean;
                            /** @description cannot sign in; their keys do not work */
                            disabled: boolean;
                            /** Format: date-time */
                            last_sign_in_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/me/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My API keys
         * @description The keys you own (never a secret), revoked ones included.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Your keys. */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "id": 4,
                         *         "uuid": "7a1b…",
                         *         "name": "laptop",
                         *         "prefix": "tgk_3fA9xY2b",
                         *         "role": "editor",
                         *         "capabilities": [
                         *           "svc_manage_servers",
                         *           "svc_view_analytics"
                         *         ],
                         *         "created_at": "2026-01-05T10:00:00.000Z",
                         *         "last_used_at": null,
                         *         "expires_at": null,
                         *         "revoked_at": null,
                         *         "owner": {
                         *           "id": "0b7c…",
                         *           "email": "ada@example.com",
                         *           "display_name": "Ada"
                         *         }
                         *       }
                         *     ]
                         */
                        "application/json": ({
                            id: number;
                            uuid: string;
                            name: string;
                            prefix: string;
                            role: string;
                            capabilities: ("manage_options" | "svc_manage_servers" | "svc_manage_settings" | "svc_view_analytics")[];
                            /** Format: date-time */
                            created_at: string;
                            last_used_at: string | null;
                            expires_at: string | null;
                            revoked_at: string | null;
                            /** @description the person who owns the key; null for a key of no person */
                            owner?: {
                                /** Format: uuid */
                                id: string;
                                email: string;
                                display_name: string;
                            } | null;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an API key of mine
         * @description A key you own; its role may not grant more than you hold (403). Default: the widest role you hold. The `secret` is answered once (`Cache-Control: no-store`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "laptop",
                     *       "role": "editor"
                     *     }
                     */
                    "application/json": {
                        /** @description label of the key */
                        name: string;
                        /**
                         * @description at most what you hold
                         * @enum {string}
                         */
                        role?: "administrator" | "editor" | "analyst" | "settings";
                        /**
                         * Format: date-time
                         * @description default never
                         */
                        expires_at?: string;
                    };
                };
            };
            responses: {
                /** @description The key, with its secret. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 4,
                         *       "uuid": "7a1b…",
                         *       "name": "laptop",
                         *       "prefix": "tgk_3fA9xY2b",
                         *       "role": "editor",
                         *       "capabilities": [
                         *         "svc_manage_servers",
                         *         "svc_view_analytics"
                         *       ],
                         *       "created_at": "2026-01-05T10:00:00.000Z",
                         *       "last_used_at": null,
                         *       "expires_at": null,
                         *       "revoked_at": null,
                         *       "owner": {
                         *         "id": "0b7c…",
                         *         "email": "ada@example.com",
                         *         "display_name": "Ada"
                         *       },
                         *       "secret": "tgk_3fA9…"
                         *     }
                         */
                        "application/json": {
                            id: number;
                            uuid: string;
                            name: string;
                            prefix: string;
                            role: string;
                            capabilities: ("manage_options" | "svc_manage_servers" | "svc_manage_settings" | "svc_view_analytics")[];
                            /** Format: date-time */
                            created_at: string;
                            last_used_at: string | null;
                            expires_at: string | null;
                            revoked_at: string | null;
                            /** @description the person who owns the key; null for a key of no person */
                            owner?: {
                                /** Format: uuid */
                                id: string;
                                email: string;
                                display_name: string;
                            } | null;
                            /** @description shown only now */
                            secret?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key of mine
         * @description The key stops working at once.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description key UUID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "revoked": true,
                         *       "id": 4,
                         *       "uuid": "7a1b…"
                         *     }
                         */
                        "application/json": {
                            revoked?: boolean;
                            id?: number;
                            uuid?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My sessions
         * @description Your live admin UI sessions; `current` marks this one.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The live sessions. */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "id": "9f1a…",
                         *         "created_at": "2026-01-05T10:00:00.000Z",
                         *         "last_seen_at": "2026-01-05T11:00:00.000Z",
                         *         "expires_at": "2026-01-05T23:00:00.000Z",
                         *         "ip": "203.0.113.7",
                         *         "user_agent": "Mozilla/5.0 …",
                         *         "current": true
                         *       }
                         *     ]
                         */
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                            /**
                             * Format: date-time
                             * @description when it ends unless used again (idle limit or absolute end)
                             */
                            expires_at: string;
                            ip: string | null;
                            /** @description at most 200 characters */
                            user_agent: string | null;
                            /** @description the session of this request */
                            current: boolean;
                        }[];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one of my sessions
         * @description Signs that browser out.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description session UUID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "revoked": true,
                         *       "id": "9f1a…"
                         *     }
                         */
                        "application/json": {
                            revoked?: boolean;
                            id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My connections
         * @description Every server that acts with your own upstream credential and is open to you, with your connection’s state. Never a token.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Your connections. */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "server_id": "0b6f…",
                         *         "server_name": "GitHub",
                         *         "server_slug": "github",
                         *         "kind": "oauth2-authorization-code",
                         *         "provider": "github.com",
                         *         "status": "connected",
                         *         "scope": "repo read:user",
                         *         "expires_at": "2026-11-28T18:00:00.000Z",
                         *         "connected_at": "2026-11-28T10:00:00.000Z",
                         *         "last_used_at": "2026-11-28T10:05:00.000Z",
                         *         "last_error": null
                         *       }
                         *     ]
                         */
                        "application/json": {
                            /** @description server UUID */
                            server_id: string;
                            server_name: string;
                            server_slug: string;
                            /**
                             * @description how the server gets your credential
                             * @enum {string}
                             */
                            kind: "oauth2-authorization-code" | "personal-token" | "token-exchange";
                            /** @description the provider host you sign in at */
                            provider: string | null;
                            /**
                             * @description needs_consent: connect again; automatic: your sign-in token is exchanged per call
                             * @enum {string}
                             */
                            status: "connected" | "needs_consent" | "not_connected" | "automatic";
                            /** @description what the provider granted */
                            scope: string | null;
                            /**
                             * Format: date-time
                             * @description when the access token expires (it is refreshed before)
                             */
                            expires_at: string | null;
                            /** Format: date-time */
                            connected_at: string | null;
                            /** Format: date-time */
                            last_used_at: string | null;
                            /** @description why the connection needs consent */
                            last_error: string | null;
                        }[];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/connections/{id}/connect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start connecting my account
         * @description A single-use consent link (ten minutes, only for you, in a browser signed in as you). Open it to connect; `personal-token` servers ask for your token there.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID, id or slug */
                    id: string;
                };
                cookie?: never;
            };
            /** @description No body (an empty JSON object is accepted). */
            requestBody: {
                content: {
                    "application/json": Record<string, never> | null;
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "url": "https://gateway.example/connect/Qm9…"
                         *     }
                         */
                        "application/json": {
                            /** @description the consent link */
                            url?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Disconnect my account
         * @description Your tokens for this server are deleted; its tools ask you to connect again.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID, id or slug */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "deleted": true
                         *     }
                         */
                        "application/json": {
                            deleted?: boolean;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{id}/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is connected to a server
         * @description Each person’s connection state (no secrets). Needs svc_manage_servers.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID, id or slug */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The connections. */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description the person’s UUID */
                            user_id: string;
                            email: string;
                            display_name: string;
                            /** @enum {string} */
                            status: "connected" | "needs_consent";
                            scope: string | null;
                            /** Format: date-time */
                            expires_at: string | null;
                            /** Format: date-time */
                            connected_at: string;
                            /** Format: date-time */
                            last_used_at: string | null;
                            last_error: string | null;
                        }[];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/servers/{id}/connections/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a person’s connection
         * @description Their tokens for this server are deleted at once; they connect again to use its tools.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description server UUID, id or slug */
                    id: string;
                    /** @description the person’s UUID */
                    user_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "deleted": true
                         *     }
                         */
                        "application/json": {
                            deleted?: boolean;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Policies
         * @description Every policy, or those of one server (`server_id`), or the global ones (`server_id=global`).
         */
        get: {
            parameters: {
                query?: {
                    /** @description server UUID, id or slug, or `global` */
                    server_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The policies. */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "id": "3f0c…",
                         *         "name": "big-refunds-ask",
                         *         "server_id": "9a1b…",
                         *         "server_name": "Billing",
                         *         "description": "Refunds above 500 are confirmed by the person asking.",
                         *         "text": "@ask(\"caller\")\n@reason(\"refunds above 500 need a second look\")\nforbid(principal, action == Action::\"call_tool\", resource == Tool::\"create_refund\")\nwhen { context.arguments has amount && context.arguments.amount > 500 };",
                         *         "enabled": true,
                         *         "version": 2,
                         *         "created_by": "Ada Admin",
                         *         "updated_by": "Ada Admin",
                         *         "created_at": "2026-11-28T10:00:00.000Z",
                         *         "updated_at": "2026-11-28T10:05:00.000Z"
                         *       }
                         *     ]
                         */
                        "application/json": {
                            /** @description policy UUID */
                            id: string;
                            /** @description unique per server (or among global policies); statement ids are the name, or name#2… */
                            name: string;
                            /** @description server UUID; null: global (every server) */
                            server_id: string | null;
                            server_name: string | null;
                            description: string;
                            /** @description Cedar statements */
                            text: string;
                            enabled: boolean;
                            /** @description raised by every change */
                            version: number;
                            created_by: string | null;
                            updated_by: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Write a policy
         * @description Parsed and validated against the schema generated for its server (`GET /policies/schema`): an unknown attribute or argument, a type error or a statement that can never apply is 400 naming it, with `data.problems` (message, help, start/end offsets). Takes effect on every instance at once.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "big-refunds-ask",
                     *       "server_id": "billing",
                     *       "text": "@ask(\"caller\")\n@reason(\"refunds above 500 need a second look\")\nforbid(principal, action == Action::\"call_tool\", resource == Tool::\"create_refund\")\nwhen { context.arguments has amount && context.arguments.amount > 500 };"
                     *     }
                     */
                    "application/json": {
                        /** @description lower-case letters, digits, . _ - */
                        name: string;
                        /** @description server UUID, id or slug; null or absent: global (create only) */
                        server_id?: string | null;
                        /** @description what the policy is for */
                        description?: string;
                        /** @description Cedar statements (forbid; @ask("caller") to ask the caller instead, @ask("group:<name>") to wait for a member of that group to approve, @reason("…") for the message) */
                        text: string;
                        /** @description default true */
                        enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description The policy. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "3f0c…",
                         *       "name": "big-refunds-ask",
                         *       "server_id": "9a1b…",
                         *       "server_name": "Billing",
                         *       "description": "Refunds above 500 are confirmed by the person asking.",
                         *       "text": "@ask(\"caller\")\n@reason(\"refunds above 500 need a second look\")\nforbid(principal, action == Action::\"call_tool\", resource == Tool::\"create_refund\")\nwhen { context.arguments has amount && context.arguments.amount > 500 };",
                         *       "enabled": true,
                         *       "version": 2,
                         *       "created_by": "Ada Admin",
                         *       "updated_by": "Ada Admin",
                         *       "created_at": "2026-11-28T10:00:00.000Z",
                         *       "updated_at": "2026-11-28T10:05:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @description policy UUID */
                            id: string;
                            /** @description unique per server (or among global policies); statement ids are the name, or name#2… */
                            name: string;
                            /** @description server UUID; null: global (every server) */
                            server_id: string | null;
                            server_name: string | null;
                            description: string;
                            /** @description Cedar statements */
                            text: string;
                            enabled: boolean;
                            /** @description raised by every change */
                            version: number;
                            created_by: string | null;
                            updated_by: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_conflict` */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies/schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The policy schema of a server
         * @description The Cedar schema policies are checked against: principals (User in Group, or Shared for a server without sign-in), actions (`call_tool`…), the Tool and Server attributes, and the context — the arguments of the server’s tools, hour and weekday (UTC), client address and id, era.
         */
        get: {
            parameters: {
                query?: {
                    /** @description absent: global */
                    server_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The schema. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Cedar schema text */
                            schema?: string;
                        };
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies/evaluate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Try the policies
         * @description Who (a user, or none: the server’s shared identity) calls which tool with what arguments → the decision and the policies that made it. Nothing is called.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "server_id": "billing",
                     *       "tool": "create_refund",
                     *       "arguments": {
                     *         "amount": 900
                     *       },
                     *       "user_id": null
                     *     }
                     */
                    "application/json": {
                        /** @description server UUID, id or slug */
                        server_id: string;
                        /** @description tool slug */
                        tool: string;
                        /** @description the call’s arguments */
                        arguments?: {
                            [key: string]: unknown;
                        };
                        /** @description user UUID; null: the server’s shared identity */
                        user_id?: string | null;
                    };
                };
            };
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "decision": "ask",
                         *       "policy_ids": [
                         *         "big-refunds-ask"
                         *       ],
                         *       "reason": "refunds above 500 need a second look",
                         *       "approver_group": null,
                         *       "risk": "write"
                         *     }
                         */
                        "application/json": {
                            /** @enum {string} */
                            decision: "permit" | "forbid" | "ask" | "approve";
                            policy_ids: string[];
                            reason: string | null;
                            approver_group: string | null;
                            /** @enum {string} */
                            risk: "read" | "write" | "destructive";
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies/starter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add the starter policy
         * @description “Destructive calls ask the caller”: a tool whose risk is `destructive` (DELETE, or `destructiveHint`) asks the person to confirm.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description server UUID, id or slug; null: global */
                        server_id?: string | null;
                    };
                };
            };
            responses: {
                /** @description The policy. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "3f0c…",
                         *       "name": "big-refunds-ask",
                         *       "server_id": "9a1b…",
                         *       "server_name": "Billing",
                         *       "description": "Refunds above 500 are confirmed by the person asking.",
                         *       "text": "@ask(\"caller\")\n@reason(\"refunds above 500 need a second look\")\nforbid(principal, action == Action::\"call_tool\", resource == Tool::\"create_refund\")\nwhen { context.arguments has amount && context.arguments.amount > 500 };",
                         *       "enabled": true,
                         *       "version": 2,
                         *       "created_by": "Ada Admin",
                         *       "updated_by": "Ada Admin",
                         *       "created_at": "2026-11-28T10:00:00.000Z",
                         *       "updated_at": "2026-11-28T10:05:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @description policy UUID */
                            id: string;
                            /** @description unique per server (or among global policies); statement ids are the name, or name#2… */
                            name: string;
                            /** @description server UUID; null: global (every server) */
                            server_id: string | null;
                            server_name: string | null;
                            description: string;
                            /** @description Cedar statements */
                            text: string;
                            enabled: boolean;
                            /** @description raised by every change */
                            version: number;
                            created_by: string | null;
                            updated_by: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_conflict` */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One policy
         * @description The policy as saved.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description policy UUID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The policy. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "3f0c…",
                         *       "name": "big-refunds-ask",
                         *       "server_id": "9a1b…",
                         *       "server_name": "Billing",
                         *       "description": "Refunds above 500 are confirmed by the person asking.",
                         *       "text": "@ask(\"caller\")\n@reason(\"refunds above 500 need a second look\")\nforbid(principal, action == Action::\"call_tool\", resource == Tool::\"create_refund\")\nwhen { context.arguments has amount && context.arguments.amount > 500 };",
                         *       "enabled": true,
                         *       "version": 2,
                         *       "created_by": "Ada Admin",
                         *       "updated_by": "Ada Admin",
                         *       "created_at": "2026-11-28T10:00:00.000Z",
                         *       "updated_at": "2026-11-28T10:05:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @description policy UUID */
                            id: string;
                            /** @description unique per server (or among global policies); statement ids are the name, or name#2… */
                            name: string;
                            /** @description server UUID; null: global (every server) */
                            server_id: string | null;
                            server_name: string | null;
                            description: string;
                            /** @description Cedar statements */
                            text: string;
                            enabled: boolean;
                            /** @description raised by every change */
                            version: number;
                            created_by: string | null;
                            updated_by: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a policy
         * @description Its versions stay, with a `deleted` one last.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description policy UUID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "deleted": true,
                         *       "id": "3f0c…"
                         *     }
                         */
                        "application/json": {
                            deleted?: boolean;
                            id?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a policy
         * @description A new version (the old one stays in `/policies/{id}/versions`); validated like a new policy.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description policy UUID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "big-refunds-ask",
                     *       "server_id": "billing",
                     *       "text": "@ask(\"caller\")\n@reason(\"refunds above 500 need a second look\")\nforbid(principal, action == Action::\"call_tool\", resource == Tool::\"create_refund\")\nwhen { context.arguments has amount && context.arguments.amount > 500 };"
                     *     }
                     */
                    "application/json": {
                        /** @description lower-case letters, digits, . _ - */
                        name?: string;
                        /** @description server UUID, id or slug; null or absent: global (create only) */
                        server_id?: string | null;
                        /** @description what the policy is for */
                        description?: string;
                        /** @description Cedar statements (forbid; @ask("caller") to ask the caller instead, @ask("group:<name>") to wait for a member of that group to approve, @reason("…") for the message) */
                        text?: string;
                        /** @description default true */
                        enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description The policy. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "3f0c…",
                         *       "name": "big-refunds-ask",
                         *       "server_id": "9a1b…",
                         *       "server_name": "Billing",
                         *       "description": "Refunds above 500 are confirmed by the person asking.",
                         *       "text": "@ask(\"caller\")\n@reason(\"refunds above 500 need a second look\")\nforbid(principal, action == Action::\"call_tool\", resource == Tool::\"create_refund\")\nwhen { context.arguments has amount && context.arguments.amount > 500 };",
                         *       "enabled": true,
                         *       "version": 2,
                         *       "created_by": "Ada Admin",
                         *       "updated_by": "Ada Admin",
                         *       "created_at": "2026-11-28T10:00:00.000Z",
                         *       "updated_at": "2026-11-28T10:05:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /** @description policy UUID */
                            id: string;
                            /** @description unique per server (or among global policies); statement ids are the name, or name#2… */
                            name: string;
                            /** @description server UUID; null: global (every server) */
                            server_id: string | null;
                            server_name: string | null;
                            description: string;
                            /** @description Cedar statements */
                            text: string;
                            enabled: boolean;
                            /** @description raised by every change */
                            version: number;
                            created_by: string | null;
                            updated_by: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_conflict` */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/policies/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A policy’s versions
         * @description Newest first: who changed what, when.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description policy UUID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The versions. */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            version: number;
                            /** @enum {string} */
                            change: "created" | "updated" | "deleted";
                            name: string;
                            text: string;
                            enabled: boolean;
                            changed_by: string | null;
                            /** Format: date-time */
                            changed_at: string;
                        }[];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit events
         * @description Audit events matching the filters, newest first, a page at a time. Administrators only.
         */
        get: {
            parameters: {
                query?: {
                    /** @description actor id (user UUID or key id) or actor name, exact */
                    actor?: string;
                    /** @description action, exact (`user.created`), or a prefix ending with a dot (`policy.`) */
                    action?: string;
                    /** @description server UUID the event concerns */
                    server?: string;
                    /** @description permit, forbid, ask, approved or denied */
                    decision?: string;
                    /** @description YYYY-MM-DD (UTC day) or an ISO 8601 time; inclusive (a day from its start) */
                    from?: string;
                    /** @description YYYY-MM-DD (UTC day) or an ISO 8601 time; inclusive (a day to its end) */
                    to?: string;
                    /** @description page number, from 1 (default 1) */
                    page?: string;
                    /** @description items per page, 1–100 (default 20) */
                    per_page?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The audit events of this page. */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description position in the chain (ascending) */
                            id: number;
                            /** @description ISO 8601 UTC time it was recorded */
                            at: string;
                            /** @description user, key, system or mcp */
                            actor_kind: string;
                            /** @description user UUID (user), key id (key), or null */
                            actor_id?: string | null;
                            /** @description display name of the actor when it acted */
                            actor_name: string;
                            /** @description what happened, e.g. user.created, key.revoked, policy.forbid */
                            action: string;
                            /** @description kind of the thing acted on: user, key, server, connection, policy… */
                            target_kind?: string | null;
                            /** @description its id or UUID */
                            target_id?: string | null;
                            /** @description the server concerned, if any */
                            server_uuid?: string | null;
                            /** @description the tool concerned, if any */
                            tool?: string | null;
                            /** @description tool arguments, secret-looking keys redacted; null when none */
                            arguments?: Record<string, never> | unknown[] | string | number | boolean | null;
                            /** @description permit, forbid, ask, approved or denied; null when not a decision */
                            decision?: string | null;
                            /** @description policies that decided */
                            policy_ids?: string[] | null;
                            /** @description more about the event (changed fields, never secrets); null when none */
                            detail?: Record<string, never> | unknown[] | string | number | boolean | null;
                            /** @description hash of the previous row (64 zeros for the first) */
                            prev_hash: string;
                            /** @description sha256 of prev_hash and the canonical JSON of the fields */
                            hash: string;
                        }[];
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export audit events
         * @description Every audit event matching the filters, oldest first, streamed as JSON lines (`application/x-ndjson`, one event a line). Administrators only.
         */
        get: {
            parameters: {
                query?: {
                    /** @description actor id (user UUID or key id) or actor name, exact */
                    actor?: string;
                    /** @description action, exact (`user.created`), or a prefix ending with a dot (`policy.`) */
                    action?: string;
                    /** @description server UUID the event concerns */
                    server?: string;
                    /** @description permit, forbid, ask, approved or denied */
                    decision?: string;
                    /** @description YYYY-MM-DD (UTC day) or an ISO 8601 time; inclusive (a day from its start) */
                    from?: string;
                    /** @description YYYY-MM-DD (UTC day) or an ISO 8601 time; inclusive (a day to its end) */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description JSON lines, one audit event a line, as an attachment. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify the audit chain
         * @description Walks every row in id order: each hash must match its row and each prev_hash the row before (the first row: the hash of the last row retention deleted, else 64 zeros). Administrators only.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The chain check: `{ok: true, rows}` or `{ok: false, broken_at, reason}`. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description true when every row chains to the one before */
                            ok: boolean;
                            /** @description rows checked (when ok) */
                            rows?: number;
                            /** @description id of the first row that breaks the chain (when not ok) */
                            broken_at?: number;
                            /** @description why that row breaks it (when not ok) */
                            reason?: string;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List approvals
         * @description The approval queue, newest first: administrators see every approval; a person sees the calls of their groups’ queue and their own. Overdue approvals are expired as the queue is read.
         */
        get: {
            parameters: {
                query?: {
                    /** @description pending (default), approved, denied, expired or all */
                    status?: string;
                    /** @description page number, from 1 (default 1) */
                    page?: string;
                    /** @description items per page, 1–100 (default 20) */
                    per_page?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The approvals of this page. */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description approval UUID */
                            id: string;
                            /**
                             * @description where it stands
                             * @enum {string}
                             */
                            status: "pending" | "approved" | "denied" | "expired";
                            /** @description the server called */
                            server: {
                                /** @description server id */
                                id: number;
                                /** @description server UUID */
                                uuid: string;
                                /** @description server slug */
                                slug: string;
                                /** @description server name */
                                name: string;
                            };
                            /** @description the tool called */
                            tool: {
                                /** @description tool slug */
                                slug: string;
                                /** @description tool name */
                                name: string;
                            };
                            /** @description who asked; null for the shared identity of a server without sign-in */
                            caller: {
                                /** @description user UUID */
                                uuid: string;
                                /** @description e-mail */
                                email: string;
                                /** @description name */
                                display_name: string;
                            } | null;
                            /** @description the group whose members decide */
                            approver_group: {
                                /** @description group UUID */
                                uuid: string;
                                /** @description group name */
                                name: string;
                            };
                            /** @description why the policy asks for an approver (its @reason) */
                            reason: string;
                            /** @description the policies that asked */
                            policy_ids: string[];
                            /** @description the call’s arguments, secret-looking keys redacted */
                            arguments: {
                                [key: string]: unknown;
                            };
                            /** @description ISO 8601 time the call started waiting */
                            created_at: string;
                            /** @description ISO 8601 time it is refused if no one decides */
                            expires_at: string;
                            /** @description ISO 8601 time of the decision */
                            decided_at: string | null;
                            /** @description who approved or denied it (null: pending, or expired) */
                            decided_by: {
                                /** @description user UUID */
                                uuid: string;
                                /** @description e-mail */
                                email: string;
                                /** @description name */
                                display_name: string;
                            } | null;
                            /** @description the decider’s note */
                            note: string | null;
                            /** @description ISO 8601 time the caller was answered with the decision (an approved call ran then) */
                            used_at: string | null;
                            /** @description whether the asking person may approve or deny it now */
                            can_decide: boolean;
                        }[];
                    };
                };
                /** @description Error: `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an approval
         * @description One approval (404 when it is neither yours nor your groups’).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description approval UUID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A call waiting for (or decided by) a member of its approver group. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description approval UUID */
                            id: string;
                            /**
                             * @description where it stands
                             * @enum {string}
                             */
                            status: "pending" | "approved" | "denied" | "expired";
                            /** @description the server called */
                            server: {
                                /** @description server id */
                                id: number;
                                /** @description server UUID */
                                uuid: string;
                                /** @description server slug */
                                slug: string;
                                /** @description server name */
                                name: string;
                            };
                            /** @description the tool called */
                            tool: {
                                /** @description tool slug */
                                slug: string;
                                /** @description tool name */
                                name: string;
                            };
                            /** @description who asked; null for the shared identity of a server without sign-in */
                            caller: {
                                /** @description user UUID */
                                uuid: string;
                                /** @description e-mail */
                                email: string;
                                /** @description name */
                                display_name: string;
                            } | null;
                            /** @description the group whose members decide */
                            approver_group: {
                                /** @description group UUID */
                                uuid: string;
                                /** @description group name */
                                name: string;
                            };
                            /** @description why the policy asks for an approver (its @reason) */
                            reason: string;
                            /** @description the policies that asked */
                            policy_ids: string[];
                            /** @description the call’s arguments, secret-looking keys redacted */
                            arguments: {
                                [key: string]: unknown;
                            };
                            /** @description ISO 8601 time the call started waiting */
                            created_at: string;
                            /** @description ISO 8601 time it is refused if no one decides */
                            expires_at: string;
                            /** @description ISO 8601 time of the decision */
                            decided_at: string | null;
                            /** @description who approved or denied it (null: pending, or expired) */
                            decided_by: {
                                /** @description user UUID */
                                uuid: string;
                                /** @description e-mail */
                                email: string;
                                /** @description name */
                                display_name: string;
                            } | null;
                            /** @description the decider’s note */
                            note: string | null;
                            /** @description ISO 8601 time the caller was answered with the decision (an approved call ran then) */
                            used_at: string | null;
                            /** @description whether the asking person may approve or deny it now */
                            can_decide: boolean;
                        };
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a waiting call
         * @description A member of the approver group lets the call run (once, with the arguments shown). The caller cannot approve their own call (403); the first decision wins (409 after it, or after expiry).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description approval UUID */
                    id: string;
                };
                cookie?: never;
            };
            /** @description An optional note for the caller and the audit trail. */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "note": "ok for this customer"
                     *     }
                     */
                    "application/json": {
                        /** @description why (shown to the caller) */
                        note?: string;
                    } | null;
                };
            };
            responses: {
                /** @description A call waiting for (or decided by) a member of its approver group. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description approval UUID */
                            id: string;
                            /**
                             * @description where it stands
                             * @enum {string}
                             */
                            status: "pending" | "approved" | "denied" | "expired";
                            /** @description the server called */
                            server: {
                                /** @description server id */
                                id: number;
                                /** @description server UUID */
                                uuid: string;
                                /** @description server slug */
                                slug: string;
                                /** @description server name */
                                name: string;
                            };
                            /** @description the tool called */
                            tool: {
                                /** @description tool slug */
                                slug: string;
                                /** @description tool name */
                                name: string;
                            };
                            /** @description who asked; null for the shared identity of a server without sign-in */
                            caller: {
                                /** @description user UUID */
                                uuid: string;
                                /** @description e-mail */
                                email: string;
                                /** @description name */
                                display_name: string;
                            } | null;
                            /** @description the group whose members decide */
                            approver_group: {
                                /** @description group UUID */
                                uuid: string;
                                /** @description group name */
                                name: string;
                            };
                            /** @description why the policy asks for an approver (its @reason) */
                            reason: string;
                            /** @description the policies that asked */
                            policy_ids: string[];
                            /** @description the call’s arguments, secret-looking keys redacted */
                            arguments: {
                                [key: string]: unknown;
                            };
                            /** @description ISO 8601 time the call started waiting */
                            created_at: string;
                            /** @description ISO 8601 time it is refused if no one decides */
                            expires_at: string;
                            /** @description ISO 8601 time of the decision */
                            decided_at: string | null;
                            /** @description who approved or denied it (null: pending, or expired) */
                            decided_by: {
                                /** @description user UUID */
                                uuid: string;
                                /** @description e-mail */
                                email: string;
                                /** @description name */
                                display_name: string;
                            } | null;
                            /** @description the decider’s note */
                            note: string | null;
                            /** @description ISO 8601 time the caller was answered with the decision (an approved call ran then) */
                            used_at: string | null;
                            /** @description whether the asking person may approve or deny it now */
                            can_decide: boolean;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_conflict` */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals/{id}/deny": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deny a waiting call
         * @description A member of the approver group refuses the call: the caller gets a tool error with the note; nothing is sent upstream.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description approval UUID */
                    id: string;
                };
                cookie?: never;
            };
            /** @description An optional note for the caller and the audit trail. */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "note": "ok for this customer"
                     *     }
                     */
                    "application/json": {
                        /** @description why (shown to the caller) */
                        note?: string;
                    } | null;
                };
            };
            responses: {
                /** @description A call waiting for (or decided by) a member of its approver group. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description approval UUID */
                            id: string;
                            /**
                             * @description where it stands
                             * @enum {string}
                             */
                            status: "pending" | "approved" | "denied" | "expired";
                            /** @description the server called */
                            server: {
                                /** @description server id */
                                id: number;
                                /** @description server UUID */
                                uuid: string;
                                /** @description server slug */
                                slug: string;
                                /** @description server name */
                                name: string;
                            };
                            /** @description the tool called */
                            tool: {
                                /** @description tool slug */
                                slug: string;
                                /** @description tool name */
                                name: string;
                            };
                            /** @description who asked; null for the shared identity of a server without sign-in */
                            caller: {
                                /** @description user UUID */
                                uuid: string;
                                /** @description e-mail */
                                email: string;
                                /** @description name */
                                display_name: string;
                            } | null;
                            /** @description the group whose members decide */
                            approver_group: {
                                /** @description group UUID */
                                uuid: string;
                                /** @description group name */
                                name: string;
                            };
                            /** @description why the policy asks for an approver (its @reason) */
                            reason: string;
                            /** @description the policies that asked */
                            policy_ids: string[];
                            /** @description the call’s arguments, secret-looking keys redacted */
                            arguments: {
                                [key: string]: unknown;
                            };
                            /** @description ISO 8601 time the call started waiting */
                            created_at: string;
                            /** @description ISO 8601 time it is refused if no one decides */
                            expires_at: string;
                            /** @description ISO 8601 time of the decision */
                            decided_at: string | null;
                            /** @description who approved or denied it (null: pending, or expired) */
                            decided_by: {
                                /** @description user UUID */
                                uuid: string;
                                /** @description e-mail */
                                email: string;
                                /** @description name */
                                display_name: string;
                            } | null;
                            /** @description the decider’s note */
                            note: string | null;
                            /** @description ISO 8601 time the caller was answered with the decision (an approved call ran then) */
                            used_at: string | null;
                            /** @description whether the asking person may approve or deny it now */
                            can_decide: boolean;
                        };
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_conflict` */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your OAuth grants
         * @description The clients you allowed to use MCP servers as you, per server and scope.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description your grants, newest first */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description the grant id */
                            id: string;
                            /** @description the person who allowed it (null when that person is gone) */
                            user: {
                                /** @description user uuid */
                                id?: string;
                                email?: string;
                            } | null;
                            client: {
                                /** @description client_id (a metadata document URL or a registered id) */
                                id?: string;
                                name?: string | null;
                            };
                            /** @description the MCP endpoints it covers, each with the scopes allowed there */
                            resources: {
                                resource?: string;
                                scopes?: string[];
                            }[];
                            /** Format: date-time */
                            created_at: string | null;
                            /** Format: date-time */
                            expires_at: string | null;
                        }[];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/grants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one of your grants
         * @description Ends the grant: its refresh tokens stop, and its access tokens are refused at once. Another person's grant is 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description grant id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked: the grant and every token issued under it */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everyone's OAuth grants (administrators)
         * @description Every live grant, with the person who gave it.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description all grants, newest first */
                200: {
                    headers: {
                        /** @description number of items over all pages */
                        "X-Svc-Total"?: number;
                        /** @description number of pages at this per_page */
                        "X-Svc-TotalPages"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description the grant id */
                            id: string;
                            /** @description the person who allowed it (null when that person is gone) */
                            user: {
                                /** @description user uuid */
                                id?: string;
                                email?: string;
                            } | null;
                            client: {
                                /** @description client_id (a metadata document URL or a registered id) */
                                id?: string;
                                name?: string | null;
                            };
                            /** @description the MCP endpoints it covers, each with the scopes allowed there */
                            resources: {
                                resource?: string;
                                scopes?: string[];
                            }[];
                            /** Format: date-time */
                            created_at: string | null;
                            /** Format: date-time */
                            expires_at: string | null;
                        }[];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/grants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a grant (administrators)
         * @description Ends any person’s grant, as `DELETE /me/grants/{id}` does for one’s own.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description grant id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked: the grant and every token issued under it */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_not_found` */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authorization-server/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The authorization server's signing keys
         * @description Published at `{PUBLIC_URL}/oauth/jwks`; the first signs new access tokens.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the published keys, the signer first */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            kid?: string;
                            /** Format: date-time */
                            created_at?: string;
                            /** @description the key new tokens are signed with */
                            signing?: boolean;
                        }[];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authorization-server/keys/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing keys
         * @description A new key signs from now on; the previous ones stay published until the tokens they signed have expired.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description No body (an empty JSON object is accepted). */
            requestBody: {
                content: {
                    "application/json": Record<string, never> | null;
                };
            };
            responses: {
                /** @description the published keys, the signer first */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            kid?: string;
                            /** Format: date-time */
                            created_at?: string;
                            /** @description the key new tokens are signed with */
                            signing?: boolean;
                        }[];
                    };
                };
                /** @description Error: `rest_invalid_json`, `rest_invalid_param` */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_not_logged_in` */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `rest_forbidden` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Error: `svc_internal_error` */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The one error envelope of the management API. */
        ErrorBody: {
            /**
             * @description machine-readable error code
             * @enum {string}
             */
            code: "rest_invalid_param" | "rest_invalid_json" | "rest_invalid_url" | "rest_bad_request" | "svc_missing_curl" | "svc_invalid_curl" | "invalid_spec" | "unsupported_version" | "unsupported_format" | "svc_url_forbidden" | "svc_url_unfetchable" | "svc_import_too_large" | "rest_not_logged_in" | "rest_invalid_credentials" | "svc_trial_expired" | "rest_forbidden" | "rest_csrf_failed" | "tier_limit_import_method" | "svc_not_found" | "server_not_found" | "rest_no_route" | "rest_conflict" | "rest_payload_too_large" | "rest_uri_too_long" | "rest_unsupported_media_type" | "svc_tool_not_testable" | "rate_limited" | "rest_rate_limited" | "svc_update_failed" | "svc_delete_failed" | "svc_credentials_unreadable" | "svc_internal_error" | "svc_database_unavailable";
            /** @description human-readable explanation (never a secret or a stack) */
            message: string;
            /** @description always `status`; `params` ({field: reason}) for rest_invalid_param; other keys per code */
            data: {
                /** @description the HTTP status */
                status: number;
                params?: {
                    [key: string]: string;
                };
            } & {
                [key: string]: unknown;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
