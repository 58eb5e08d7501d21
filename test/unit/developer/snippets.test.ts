// The playground's copy-ready code for try-on reads what the route answers:
// the job for wait_for_result false, the result and X-Garment-Mode-Used for a
// waited call, and garment_mode_used among a try-on job's fields.
import { describe, expect, test } from 'vitest';
import type { PlaygroundForm } from '../../../src/features/developer/client/playground-request';
import { PLAYGROUND_ROUTES } from '../../../src/features/developer/client/playground-routes';
import { clientSnippet, fetchSnippet } from '../../../src/features/developer/client/snippets';

function form(routeId: string, fields: Record<string, unknown> = {}, accept = 'application/json'): PlaygroundForm {
  const route = PLAYGROUND_ROUTES.find((r) => r.id === routeId)!;
  return { route, apiKey: 'cs_key', jobId: 'j1', accept, mode: 'json', json: JSON.stringify(fields), files: {} };
}

const BODY = { person_image_url: '/p.png', garment_image_url: '/g.png' };

describe('try-on snippets', () => {
  test('a waited call reads the result and the kind it was dressed as, from the JSON answer or the bytes', () => {
    expect(fetchSnippet(form('try-on', BODY))).toContain("const { result_url } = await response.json();");
    expect(fetchSnippet(form('try-on', BODY))).toContain("response.headers.get('X-Garment-Mode-Used')");
    expect(fetchSnippet(form('try-on', BODY, 'image/jpeg'))).toContain("response.headers.get('X-Garment-Mode-Used')");
    expect(clientSnippet(form('try-on', BODY))).toContain('const { result_url, garment_mode_used } = await cutout.tryOn(');
  });

  test('wait_for_result false reads the job id, with no header to read', () => {
    const snippet = fetchSnippet(form('try-on', { ...BODY, wait_for_result: false }));
    expect(snippet).toContain('const { job_id } = await response.json(); // 202 Accepted');
    expect(snippet).not.toContain('X-Garment-Mode-Used');
    expect(clientSnippet(form('try-on', { ...BODY, wait_for_result: false }))).toContain('const { job_id } = await cutout.tryOn(');
  });

  test('a try-on job lists garment_mode_used among its fields; a video job does not', () => {
    expect(fetchSnippet(form('try-on-job'))).toContain('{ job_id, status, progress, result_url?, garment_mode_used?, error? }');
    expect(fetchSnippet(form('video-job'))).toContain('{ job_id, status, progress, result_url?, error? }');
  });
});
