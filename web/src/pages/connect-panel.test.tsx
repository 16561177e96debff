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
});
