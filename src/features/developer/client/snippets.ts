// Copy-ready code for what the playground holds: plain fetch, and the typed
// client of src/client. Generated from the same form the playground sends.
import { parseFields, type PlaygroundForm } from './playground-request';
import { routePath } from './playground-routes';

const KEY_PLACEHOLDER = '<your key>';

function indent(text: string, spaces: number): string {
  return text.replace(/\n/g, `\n${' '.repeat(spaces)}`);
}

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** JSON as a JavaScript object literal: keys that are identifiers lose their quotes. */
function literal(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, '$1$2:');
}

function fieldsOf(form: PlaygroundForm): Record<string, unknown> {
  const parsed = parseFields(form.json);
  return 'fields' in parsed ? parsed.fields : {};
}

/** A try-on that answers with its job (wait_for_result false), not its result. */
function startsJob(form: PlaygroundForm): boolean {
  const wait = fieldsOf(form).wait_for_result;
  return form.route.id === 'video' || (form.route.id === 'try-on' && (wait === false || wait === 'false'));
}

/** The header a waited try-on says its kind in. */
const MODE_USED = "const modeUsed = response.headers.get('X-Garment-Mode-Used'); // what it was dressed as: upper, lower or full";

/** What the answer is read as, by route and Accept. */
function readAnswer(form: PlaygroundForm): string {
  if (startsJob(form)) return 'const { job_id } = await response.json(); // 202 Accepted';
  const modeUsed = form.route.id === 'try-on' ? `\n${MODE_USED}` : '';
  if (form.accept.startsWith('image/')) return `const image = await response.blob(); // the image bytes${modeUsed}`;
  if (form.route.id === 'credits') return 'const { credits_remaining } = await response.json(); // null: no limit';
  if (form.route.method !== 'POST') {
    const fields = form.route.id.startsWith('try-on') ? 'result_url?, garment_mode_used?, error?' : 'result_url?, error?';
    return `const job = await response.json(); // { job_id, status, progress, ${fields} }`;
  }
  return `const { result_url } = await response.json(); // valid for 1 hour${modeUsed}`;
}

export function fetchSnippet(form: PlaygroundForm): string {
  const key = quote(form.apiKey.trim() || KEY_PLACEHOLDER);
  const path = quote(routePath(form.route, form.jobId));
  const accept = form.accept === 'application/json' ? '' : `, Accept: ${quote(form.accept)}`;
  const check = `if (!response.ok) {
  const { error, error_code } = await response.json();
  throw new Error(\`\${response.status} \${error_code}: \${error}\`);
}
${readAnswer(form)}`;
  if (form.route.method !== 'POST') {
    return `const response = await fetch(${path}, {
  method: '${form.route.method}',
  headers: { 'X-API-KEY': ${key}${accept} },
});
${check}`;
  }
  if (form.mode === 'multipart') {
    const appends = [
      ...(form.route.fileFields ?? []).map((field) => `form.append('${field}', ${field}File); // a File or Blob, e.g. input.files[0]`),
      ...Object.entries(fieldsOf(form)).map(
        ([name, value]) => `form.append('${name}', ${quote(typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value))});`,
      ),
    ];
    return `const form = new FormData();
${appends.join('\n')}
const response = await fetch(${path}, {
  method: 'POST',
  headers: { 'X-API-KEY': ${key}${accept} },
  body: form,
});
${check}`;
  }
  return `const response = await fetch(${path}, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'X-API-KEY': ${key}${accept} },
  body: JSON.stringify(${indent(literal(fieldsOf(form)), 2)}),
});
${check}`;
}

export function clientSnippet(form: PlaygroundForm): string {
  const key = quote(form.apiKey.trim() || KEY_PLACEHOLDER);
  const setup = `import { createClient, CutoutApiError } from './src/client';

const cutout = createClient({ apiKey: ${key} });
`;
  const fields = fieldsOf(form);
  if (form.mode === 'multipart') for (const field of form.route.fileFields ?? []) fields[field] = `@@${field}File@@`;
  // File fields are variables, not strings, in the generated code.
  const body = literal(fields).replace(/"@@(\w+)@@"/g, '$1');
  const jobId = quote(form.jobId.trim() || 'JOB_ID');
  const call = (() => {
    switch (form.route.id) {
      case 'remove-background':
        return form.accept.startsWith('image/')
          ? `const png = await cutout.removeBackground(${body}, { as: 'blob' });`
          : `const resultUrl = await cutout.removeBackground(${body});`;
      case 'generate-background':
        return `const { result_url } = await cutout.generateBackground(${body});`;
      case 'video':
        return `const { job_id } = await cutout.startVideoJob(${body});
const job = await cutout.waitForVideoJob(job_id, {
  onProgress: ({ status, progress }) => console.log(status, Math.round(progress * 100) + '%'),
});
console.log(job.result_url); // valid for 24 hours`;
      case 'try-on':
        return startsJob(form)
          ? `const { job_id } = await cutout.tryOn(${body});`
          : `const { result_url, garment_mode_used } = await cutout.tryOn(${body}); // the kind it was dressed as`;
      case 'credits':
        return 'const { credits_remaining, credits_used } = await cutout.credits();';
      default:
        return `const job = await cutout.${form.route.clientCall}(${jobId});`;
    }
  })();
  return `${setup}
try {
  ${indent(call, 2)}
} catch (error) {
  if (error instanceof CutoutApiError) console.error(error.status, error.code, error.message, error.retryAfter);
  throw error;
}`;
}
