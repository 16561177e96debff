/** The tracked-source routes (`/servers/{server_id}/sources`) as the pages call them. */
import { api } from './client.ts';
import type { ApplyBody, ApplyResult, Source, SourceDetail, SourcePlan } from './types.ts';

const sourcesOf = (server: string) => `/servers/${encodeURIComponent(server)}/sources`;
const sourcePath = (server: string, source: string) => `${sourcesOf(server)}/${encodeURIComponent(source)}`;

export const listSources = (server: string) => api<Source[]>('GET', sourcesOf(server));

export const getSource = (server: string, source: string) =>
  api<SourceDetail>('GET', sourcePath(server, source));

/** Minutes between scheduled checks, or null for on demand only. */
export const scheduleSource = (server: string, source: string, minutes: number | null) =>
  api<SourceDetail>('PATCH', sourcePath(server, source), { schedule_minutes: minutes });

export const untrackSource = (server: string, source: string) =>
  api<{ deleted: boolean }>('DELETE', sourcePath(server, source));

/** Reads the source again (a text source: `content` is its new text) and answers the plan. */
export const checkSource = (server: string, source: string, content?: string) =>
  api<SourcePlan>('POST', `${sourcePath(server, source)}/check`, content === undefined ? {} : { content });

export const getPlan = (server: string, source: string, plan: string) =>
  api<SourcePlan>('GET', `${sourcePath(server, source)}/plans/${encodeURIComponent(plan)}`);

export const applyPlan = (server: string, source: string, plan: string, body: ApplyBody) =>
  api<ApplyResult>('POST', `${sourcePath(server, source)}/plans/${encodeURIComponent(plan)}/apply`, body);
