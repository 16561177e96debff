import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import type { Candidate } from '../api/types.ts';
import { CandidateTable } from './candidate-table.tsx';

const candidate = (temp_id: string, name: string, tags: string[], required: string[] = []): Candidate => ({
  temp_id,
  name,
  slug: temp_id,
  description: '',
  endpoint_url: `https://api.test/${name.toLowerCase().replace(/\s+/g, '-')}`,
  http_method: 'GET',
  input_schema: { type: 'object', properties: {}, required },
  headers: null,
  tags,
});
const candidates = [
  candidate('op_0', 'List pets', ['pets']),
  candidate('op_1', 'Create pet', ['pets'], ['name', 'kind']),
  candidate('op_2', 'Get order', ['store']),
];

function Harness({ initial = [] as string[], rows = candidates }) {
  const [selected, setSelected] = useState(new Set(initial));
  return (
    <>
      <CandidateTable candidates={rows} selected={selected} onSelected={setSelected} />
      <output data-testid="chosen">{[...selected].sort().join(',')}</output>
    </>
  );
}

const chosen = () => screen.getByTestId('chosen').textContent;

describe('CandidateTable', () => {
  test('shows method, path, name, tags and required inputs of every candidate', () => {
    render(<Harness />);
    expect(screen.getAllByRole('checkbox', { name: /^Import / })).toHaveLength(3);
    expect(screen.getByText('name, kind')).toBeTruthy();
    expect(screen.getByText('/get-order')).toBeTruthy();
    expect(screen.getByText(/^0 of 3 selected · 3 matching · tools\/list ≈ 0 tokens$/)).toBeTruthy();
  });

  test('search narrows the rows and "select all matching" picks only those', () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Search candidates'), { target: { value: 'order' } });
    expect(screen.getAllByRole('checkbox', { name: /^Import / })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Select all 1 matching' }));
    expect(chosen()).toBe('op_2');
  });

  test('a tag filter offers "select tag" and the header box selects the rows of the page', () => {
    render(<Harness initial={['op_2']} />);
    fireEvent.change(screen.getByLabelText('Tag'), { target: { value: 'pets' } });
    fireEvent.click(screen.getByRole('button', { name: 'Select tag “pets”' }));
    expect(chosen()).toBe('op_0,op_1,op_2');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the candidates on this page' }));
    expect(chosen()).toBe('op_2');
  });

  test('the header box is mixed when only some shown rows are picked', () => {
    render(<Harness initial={['op_0']} />);
    const head = screen.getByRole('checkbox', {
      name: 'Select the candidates on this page',
    }) as HTMLInputElement;
    expect(head.indeterminate).toBe(true);
    expect(head.checked).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Import Create pet' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Import Get order' }));
    expect(head.checked).toBe(true);
    expect(head.indeterminate).toBe(false);
  });

  test('a long document is shown 50 rows to a page; "select all matching" reaches every page', () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      candidate(`op_${i}`, `Op ${i}`, [i % 2 ? 'odd' : 'even']),
    );
    render(<Harness rows={many} />);
    expect(screen.getAllByRole('checkbox', { name: /^Import / })).toHaveLength(50);
    expect(screen.getByText('Page 1 of 3 · 120 in all')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the candidates on this page' }));
    expect(chosen()?.split(',')).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByRole('checkbox', { name: /^Import / })).toHaveLength(20);
    expect(screen.getByRole('checkbox', { name: 'Import Op 119' })).toBeTruthy();

    // A search goes back to its first page and selects across all of its pages.
    fireEvent.change(screen.getByLabelText('Tag'), { target: { value: 'odd' } });
    expect(screen.getByText('Page 1 of 2 · 60 in all')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear all matching' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 60 matching' }));
    const picked = chosen()?.split(',') ?? [];
    expect(picked).toHaveLength(25 + 60);
    expect(picked).toContain('op_119');
  });

  test('a path stays on one line, cut with an ellipsis and whole in its title', () => {
    const long = candidate('op_9', 'Long', []);
    long.endpoint_url =
      'https://api.stripe.com/v1/customers/{{customer}}/balance_transactions/{{transaction}}';
    render(<Harness rows={[long]} />);
    const cell = screen
      .getByText('/v1/customers/{{customer}}/balance_transactions/{{transaction}}')
      .closest('td');
    expect(cell?.className).toBe('col-path');
    expect(cell?.getAttribute('title')).toBe(
      '/v1/customers/{{customer}}/balance_transactions/{{transaction}}',
    );
  });
});
