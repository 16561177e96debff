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

function Harness({ initial = [] as string[] }) {
  const [selected, setSelected] = useState(new Set(initial));
  return (
    <>
      <CandidateTable candidates={candidates} selected={selected} onSelected={setSelected} />
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
    expect(screen.getByText(/^0 of 3 selected · 3 shown · tools\/list ≈ 0 tokens$/)).toBeTruthy();
  });

  test('search narrows the rows and "select shown" picks only those', () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Search candidates'), { target: { value: 'order' } });
    expect(screen.getAllByRole('checkbox', { name: /^Import / })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Select shown' }));
    expect(chosen()).toBe('op_2');
  });

  test('a tag filter offers "select tag" and the header box selects every shown row', () => {
    render(<Harness initial={['op_2']} />);
    fireEvent.change(screen.getByLabelText('Tag'), { target: { value: 'pets' } });
    fireEvent.click(screen.getByRole('button', { name: 'Select tag “pets”' }));
    expect(chosen()).toBe('op_0,op_1,op_2');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown candidates' }));
    expect(chosen()).toBe('op_2');
  });

  test('the header box is mixed when only some shown rows are picked', () => {
    render(<Harness initial={['op_0']} />);
    const head = screen.getByRole('checkbox', { name: 'Select all shown candidates' }) as HTMLInputElement;
    expect(head.indeterminate).toBe(true);
    expect(head.checked).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Import Create pet' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Import Get order' }));
    expect(head.checked).toBe(true);
    expect(head.indeterminate).toBe(false);
  });
});
