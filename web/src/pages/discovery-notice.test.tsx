import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Server, ToolExposure } from '../api/types.ts';
import { DiscoveryNotice } from './discovery-notice.tsx';

const notice = (tool_exposure: ToolExposure) => {
  render(
    <DiscoveryNotice
      server={{ uuid: 's1', name: 'Stripe', tool_exposure } as Server}
      tokens={27_000}
      budget={20_000}
      onChanged={() => undefined}
    />,
  );
  return screen.getByTestId('budget-notice');
};

describe('DiscoveryNotice', () => {
  test('a server in code mode: says so, and offers no switch to discovery', () => {
    const box = notice('code');
    expect(box.textContent).toContain(
      'Code mode is on for Stripe: clients see four tools however many operations it has',
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(box.textContent).not.toContain('Discovery mode is on');
  });

  test('a server listing every tool is offered discovery mode in one click', () => {
    notice('all');
    expect(screen.getByRole('button', { name: 'Turn on discovery mode for Stripe' })).toBeTruthy();
    expect(screen.queryByText(/Code mode is on/)).toBeNull();
  });
});
