import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError, ERROR_STATUS, invalidParams, notFound, storeFailed } from './errors.ts';

describe('the error table', () => {
  test('gives every ApiError the status of its code', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      const error = new ApiError(code as keyof typeof ERROR_STATUS, 'm');
      assert.equal(error.status, status, code);
      assert.deepEqual(error.toBody(), { code, message: 'm', data: { status } });
    }
  });

  test('renders helpers in the envelope with their data', () => {
    assert.deepEqual(invalidParams({ name: 'is required' }).toBody(), {
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): name',
      data: { status: 400, params: { name: 'is required' } },
    });
    assert.equal(notFound('tool').toBody().data.status, 404);
    assert.throws(
      storeFailed('delete', 'tool'),
      (e: ApiError) => e.status === 500 && e.code === 'svc_delete_failed',
    );
  });
});
