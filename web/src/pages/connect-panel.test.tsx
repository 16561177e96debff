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
