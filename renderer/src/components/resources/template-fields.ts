/**
 * RFC 6570 templates in a form: which variables are optional (those of query
 * expressions, `{?q}` and `{&page}`), and the URI the typed values give. Expansion is
 * the SDK's own UriTemplate (levels 1–3), so the form and the server agree.
 */
import { UriTemplate } from '@modelcontextprotocol/client';

/** Variables of query expressions, which may be left out. */
export function optionalVariables(uriTemplate: string): Set<string> {
  const optional = new Set<string>();
  for (const match of uriTemplate.matchAll(/\{([?&])([^}]*)\}/g)) {
    for (const name of (match[2] ?? '').split(',')) optional.add(name.replace(/[*]|:\d+$/g, '').trim());
  }
  return optional;
}

/** The URI for the typed values (empty ones left out), or the reason it cannot be built. */
export function expandTemplate(uriTemplate: string, values: Record<string, string>): { uri: string } | { error: string } {
  try {
    const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    return { uri: new UriTemplate(uriTemplate).expand(given) };
  } catch (error) {
    return { error: `The template cannot be filled in: ${(error as Error).message}` };
  }
}

/** Required variables (not in a query expression) still empty. */
export function missingVariables(variables: string[], uriTemplate: string, values: Record<string, string>): string[] {
  const optional = optionalVariables(uriTemplate);
  return variables.filter((name) => !optional.has(name) && !(values[name] ?? '').trim());
}
