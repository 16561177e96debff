/** Prompt form checks and the template preview (`{{argument}}` placeholders filled from samples). */

export interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
}

export function renderTemplate(template: string, samples: Record<string, string>): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (whole, name: string) =>
    samples[name] !== undefined && samples[name] !== '' ? samples[name] : whole,
  );
}

/** Placeholder names used in the template, in order of first use. */
export function placeholders(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g))
    if (!names.includes(m[1]!)) names.push(m[1]!);
  return names;
}

export function validatePrompt(p: {
  name: string;
  template_content: string;
  arguments: PromptArgument[];
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!p.name.trim()) errors.name = 'required';
  const seen = new Set<string>();
  p.arguments.forEach((a, i) => {
    if (!/^[A-Za-z0-9_.-]+$/.test(a.name)) errors[`arguments.${i}`] = 'letters, digits, _ . - only';
    else if (seen.has(a.name)) errors[`arguments.${i}`] = 'duplicate argument';
    seen.add(a.name);
  });
  const unknown = placeholders(p.template_content).filter((n) => !seen.has(n));
  if (unknown.length) errors.template_content = `uses {{${unknown.join('}}, {{')}}} with no such argument`;
  return errors;
}
