import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CALL_LOG_COLUMNS } from '../store/call-log-columns.ts';
import { presentCallLog } from './call-logs.service.ts';

/* The record the list and the JSON export answer carries every declared call-log field. */

test('a presented call log has exactly the declared fields, the derived client included', () => {
  const record = presentCallLog({
    id: 7,
    server_id: 1,
    server_uuid: null,
    server_name: 'Server',
    tool_id: 2,
    tool_name: 'tool',
    method: 'tools/call',
    client_type: 'mcp',
    client_name: 'cursor',
    client_ip: null,
    session_id: null,
    user_uuid: 'b3c1f7a4-8f0e-4c57-9d57-2f5ad1f0b6a1',
    oauth_client_id: 'https://client.example/metadata.json',
    policy_ids: null,
    run_id: 'run-1',
    request_args: '{"q":1}',
    response_status: 'success',
    http_status: 200,
    response_time_ms: 12,
    error_message: null,
    response_data: null,
    args_tokens: 3,
    result_tokens: null,
    created_at: '2026-11-24T16:00:00.000Z',
  });
  assert.deepEqual(Object.keys(record).sort(), CALL_LOG_COLUMNS.map((c) => c.name).sort());
  assert.deepEqual(record.request_args, { q: 1 });
});
