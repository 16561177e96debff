import { describe, expect, test } from 'vitest';
import { checkCodeForm, codeSettings, codeToForm, emptyCodeForm, isReadTool } from './code-mode.ts';

describe('which tools a program may call under "reads only"', () => {
  test('the method decides when nothing else says: GET, HEAD and OPTIONS read', () => {
    const tool = (http_method: string) => ({ http_method, risk: null, annotations: null });
    expect(
      ['GET', 'head', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => isReadTool(tool(m))),
    ).toEqual([true, true, true, false, false, false, false]);
  });

  test("annotations win over the method, and the operator's risk over both", () => {
    expect(isReadTool({ http_method: 'POST', risk: null, annotations: { readOnlyHint: true } })).toBe(true);
    expect(isReadTool({ http_method: 'GET', risk: null, annotations: { title: 'List' } })).toBe(false);
    expect(
      isReadTool({
        http_method: 'GET',
        risk: null,
        annotations: { readOnlyHint: true, destructiveHint: true },
      }),
    ).toBe(false);
    expect(isReadTool({ http_method: 'GET', risk: 'write', annotations: { readOnlyHint: true } })).toBe(
      false,
    );
    expect(isReadTool({ http_method: 'POST', risk: 'read', annotations: null })).toBe(true);
    expect(isReadTool({ http_method: 'GET', risk: null, annotations: {} })).toBe(true);
  });
});

describe('settings.code in the form', () => {
  test('stored values of the wrong type are read as the defaults', () => {
    const form = codeToForm({
      settings: { code: { writes: 'some', write_tools: ['a', 3], wall_ms: '900', cpu_ms: 20 } },
    });
    expect(form).toEqual({
      ...emptyCodeForm(),
      code_write_tools: ['a'],
      code_limits: { ...emptyCodeForm().code_limits, cpu_ms: '20' },
    });
    expect(codeSettings(form)).toEqual({ cpu_ms: 20 });
  });

  test('the bounds are the server’s, both ends included', () => {
    const at = (key: 'log_lines' | 'max_inflight', value: string) =>
      checkCodeForm({ ...emptyCodeForm(), code_limits: { ...emptyCodeForm().code_limits, [key]: value } });
    expect(at('log_lines', '0')).toEqual({});
    expect(at('log_lines', '1000')).toEqual({});
    expect(at('log_lines', '1001')).toEqual({ 'settings.code.log_lines': 'must be at most 1000' });
    expect(at('max_inflight', '0')).toEqual({ 'settings.code.max_inflight': 'must be at least 1' });
    expect(at('max_inflight', '32')).toEqual({});
  });
});
