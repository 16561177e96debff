import { EXECUTION_NUMBERS, executionKey, type LongRunningForm } from '../lib/long-running.ts';
import { Choices } from './choices.tsx';
import { Checkbox, Field } from './field.tsx';

/**
 * The Long-running section (`execution`): unticked, an ordinary call; ticked, a task for MCP
 * clients that support tasks, with the 202-polling and task limits blank for the server's
 * defaults (shown as the placeholders).
 */
export function LongRunningFields({
  value,
  onChange,
  errors,
}: {
  value: LongRunningForm;
  onChange(patch: Partial<LongRunningForm>): void;
  errors: Record<string, string>;
}) {
  return (
    <fieldset data-testid="long-running">
      <legend>Long-running</legend>
      <p className="muted small">
        MCP clients that support tasks get a task to poll; others wait (or get a task id to fetch later).
      </p>
      <div className="grid">
        <div className="field-wide">
          <Checkbox
            label="This API is slow or asynchronous (run calls as MCP tasks)"
            checked={value.on}
            onChange={(on) => onChange({ on })}
          />
        </div>
        {value.on && (
          <>
            <div className="field field-wide">
              <span className="field-label">Task support</span>
              <Choices
                label="Task support"
                value={value.task}
                onChange={(task) => onChange({ task })}
                choices={[
                  {
                    value: 'optional',
                    label: 'Task for clients that support it, a waiting call for the others',
                  },
                  { value: 'required', label: 'Only as a task (clients without tasks get an error)' },
                ]}
              />
            </div>
            <Checkbox
              label="Follow 202 Accepted: poll the Location the API names"
              hint="same origin only, with the tool's credentials, honouring Retry-After"
              checked={value.poll}
              onChange={(poll) => onChange({ poll })}
            />
            <Checkbox
              label="Ask this tool's questions inside the task"
              hint="a confirmation or missing inputs are asked while the task runs (status input_required) instead of before it is created"
              checked={value.ask_in_task}
              onChange={(ask_in_task) => onChange({ ask_in_task })}
            />
            {EXECUTION_NUMBERS.map((n) => (
              <Field
                key={n.key}
                label={n.label}
                hint={`${n.hint} · ${n.min.toLocaleString('en-US')}–${n.max.toLocaleString('en-US')}`}
                name={executionKey(n.key)}
                error={errors[executionKey(n.key)]}
              >
                <input
                  inputMode="numeric"
                  placeholder={'default' in n ? String(n.default) : 'wait'}
                  value={value.numbers[n.key]}
                  onChange={(e) => onChange({ numbers: { ...value.numbers, [n.key]: e.target.value } })}
                />
              </Field>
            ))}
          </>
        )}
      </div>
    </fieldset>
  );
}
