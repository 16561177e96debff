import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../api/client.ts';
import { ErrorSummary } from './error-summary.tsx';
import { Field } from './field.tsx';

describe('ErrorSummary', () => {
  test('links each shown field in form order, lists a field the form lacks as text, and ends with the API refusal', () => {
    const errors = { 'settings.x': 'unknown setting', email: 'not an address', name: 'required' };
    render(
      <form>
        <ErrorSummary
          errors={errors}
          apiError={new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): settings.x', {})}
        />
        <Field label="Name *" name="name" error={errors.name}>
          <input />
        </Field>
        <Field label="E-mail" name="email" error={errors.email}>
          <input />
        </Field>
      </form>,
    );
    const summary = screen.getByRole('alert');
    expect(summary.querySelector('h2')?.textContent).toBe('3 fields need attention');
    expect([...summary.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Name: required',
      'E-mail: not an address',
      'settings.x: unknown setting',
    ]);
    expect(summary.querySelector('a')?.getAttribute('href')).toBe(`#${screen.getByLabelText('Name *').id}`);
    expect(summary.querySelector('.error-summary-api')?.textContent).toBe(
      'Invalid parameter(s): settings.x (400 rest_invalid_param)',
    );
  });

  test('renders nothing when there is no error', () => {
    const { container } = render(<ErrorSummary errors={{}} />);
    expect(container.innerHTML).toBe('');
  });
});
