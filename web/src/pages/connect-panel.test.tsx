import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Server } from '../api/types.ts';
import { OPEN_SERVER_NOTE } from '../components/open-server-note.tsx';
import { ConnectPanel } from './connect-panel.tsx';

const server = (auth_type: Server['auth_type']) =>
  ({
    uuid: 's1',
    slug: 'pets',
    name: 'Pets',
    status: 'active',
    auth_type,
    auth_config: auth_type === 'bearer' ? { token_set: true } : null,
    endpoint_url: 'https://gw.test/mcp/pets',
  }) as unknown as Server;

describe('ConnectPanel', () => {
  test('an open server says what it means; a bearer server does not', () => {
    const { unmount } = render(<ConnectPanel server={server('none')} />);
    expect(screen.getByText(OPEN_SERVER_NOTE)).toBeTruthy();
    unmount();
    render(<ConnectPanel server={server('bearer')} />);
    expect(screen.queryByText(OPEN_SERVER_NOTE)).toBeNull();
  });

  test('the VS Code snippet shown and copied asks for the token through a password input', () => {
    render(<ConnectPanel server={server('bearer')} />);
    const vscode = screen.getByRole('region', { name: /VS Code/ });
    const text = vscode.querySelector('pre')?.textContent ?? '';
    expect(text).toContain('"type": "promptString"');
    expect(text).toContain('"password": true');
    expect(text).toContain(`"Authorization": "Bearer \${input:toolgate-token}"`);
    expect(text).not.toContain('<YOUR_TOKEN>');
    const inspector = screen.getByRole('region', { name: /MCP Inspector/ });
    expect(inspector.querySelector('pre')?.textContent).toBe(
      'npx @modelcontextprotocol/inspector --cli https://gw.test/mcp/pets --transport http --header "Authorization: Bearer <YOUR_TOKEN>" --method tools/list',
    );
  });
});

describe('ConnectPanel for a server Toolgate signs people in to', () => {
  const signIn = (auth_config: Record<string, unknown>) =>
    ({
      ...server('oauth'),
      auth_config: { required_scopes: [], ...auth_config },
    }) as unknown as Server;

  test('says the URL is all a client needs, how to sign in from Claude Code and claude.ai, and asks for no header', () => {
    render(<ConnectPanel server={signIn({ authorization_servers: [], issuer: null })} />);
    expect(screen.getByText(/People sign in through Toolgate: the URL is all a client needs/)).toBeTruthy();
    const steps = screen.getByRole('region', { name: 'Connect and sign in' });
    expect(steps.textContent).toBe(
      'Connect and sign inClaude Code: claude mcp add --transport http pets https://gw.test/mcp/pets, then /mcp in Claude Code to sign in.claude.ai: Settings → Connectors → Add custom connector → paste the URL.',
    );
    const code = screen.getByRole('region', { name: /^Claude Code/ });
    expect(code.querySelector('pre')?.textContent).toBe(
      "claude mcp add --transport http pets 'https://gw.test/mcp/pets'",
    );
    expect(document.body.textContent).not.toContain('ACCESS_TOKEN');
  });

  test('an external issuer still needs a bearer token and shows no sign-in steps', () => {
    render(<ConnectPanel server={signIn({ authorization_servers: ['https://idp.example'] })} />);
    expect(screen.queryByRole('region', { name: 'Connect and sign in' })).toBeNull();
    expect(
      screen.getByText(/Clients send the header Authorization: replace Bearer <ACCESS_TOKEN>/),
    ).toBeTruthy();
  });
});
