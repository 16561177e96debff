/*
 * A small browser for OAuth tests: fetch with a cookie jar (name + path, Max-Age/Expires
 * honoured), redirects followed by hand while they stay on the gateway, and HTML forms read
 * and submitted as a person would (hidden fields kept, one submit button chosen).
 */

interface Cookie {
  name: string;
  value: string;
  path: string;
  expires: number | null;
}

export interface Landed {
  /** The page the browser stopped on (a gateway page), or the redirect that leaves the gateway. */
  url: URL;
  status: number;
  html: string;
  headers: Headers;
  /** Set when the last answer redirected off the gateway (the client's callback). */
  leftTo: URL | null;
}

export interface FormData {
  action: URL;
  fields: Record<string, string>;
  buttons: Array<{ name: string; value: string }>;
}

export class CookieBrowser {
  private jar = new Map<string, Cookie>();

  constructor(readonly origin: string) {}

  private store(setCookies: string[], url: URL): void {
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      let path = '/';
      let expires: number | null = null;
      for (const attr of attrs) {
        const [k, v = ''] = attr.split('=');
        const key = k!.trim().toLowerCase();
        if (key === 'path') path = v.trim();
        if (key === 'max-age') expires = Date.now() + Number(v) * 1000;
        if (key === 'expires' && expires === null) expires = Date.parse(v);
      }
      void url;
      const id = `${name}@${path}`;
      if (expires !== null && expires <= Date.now()) this.jar.delete(id);
      else this.jar.set(id, { name, value, path, expires });
    }
  }

  cookieHeader(url: URL): string {
    const now = Date.now();
    return [...this.jar.values()]
      .filter((c) => (c.expires === null || c.expires > now) && url.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  /** Forgets a cookie (as signing out elsewhere, or a cleared browser, would). */
  dropCookie(name: string): void {
    for (const [id, c] of this.jar) if (c.name === name) this.jar.delete(id);
  }

  hasCookie(name: string): boolean {
    return [...this.jar.values()].some((c) => c.name === name);
  }

  /** One request, cookies sent and kept, no redirect followed. */
  async request(url: URL, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      body: init.body,
      headers,
      redirect: 'manual',
    });
    this.store(res.headers.getSetCookie(), url);
    return res;
  }

  /** Follows redirects from `res` while they stay on the gateway. */
  private async follow(url: URL, res: Response): Promise<Landed> {
    for (let hops = 0; hops < 20; hops++) {
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location)
        return { url, status: res.status, html: await res.text(), headers: res.headers, leftTo: null };
      const next = new URL(location, url);
      if (next.origin !== this.origin) {
        await res.arrayBuffer();
        return { url, status: res.status, html: '', headers: res.headers, leftTo: next };
      }
      await res.arrayBuffer();
      url = next;
      res = await this.request(url);
    }
    throw new Error('too many redirects');
  }

  async open(target: string | URL): Promise<Landed> {
    const url = new URL(target);
    return this.follow(url, await this.request(url));
  }

  /** The first form on a page (or the one whose action contains `actionPart`). */
  form(page: Landed, actionPart = ''): FormData {
    const forms = [...page.html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)];
    const found = forms.find((f) => (attr(f[1]!, 'action') ?? '').includes(actionPart));
    if (!found)
      throw new Error(
        `no form${actionPart ? ` with ${actionPart}` : ''} on ${page.url.href}: ${page.html.slice(0, 300)}`,
      );
    const fields: Record<string, string> = {};
    for (const input of found[2]!.matchAll(/<input\b([^>]*)>/g)) {
      const name = attr(input[1]!, 'name');
      if (name) fields[name] = attr(input[1]!, 'value') ?? '';
    }
    const buttons = [...found[2]!.matchAll(/<button\b([^>]*)>/g)]
      .map((b) => ({ name: attr(b[1]!, 'name') ?? '', value: attr(b[1]!, 'value') ?? '' }))
      .filter((b) => b.name);
    return { action: new URL(unescapeHtml(attr(found[1]!, 'action') ?? ''), page.url), fields, buttons };
  }

  /** Submits a form (x-www-form-urlencoded) with these values over its own, and follows redirects. */
  async submit(form: FormData, values: Record<string, string> = {}): Promise<Landed> {
    const body = new URLSearchParams({ ...form.fields, ...values }).toString();
    const res = await this.request(form.action, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return this.follow(form.action, res);
  }
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\b${name}="([^"]*)"`).exec(tag);
  return m ? unescapeHtml(m[1]!) : undefined;
}
