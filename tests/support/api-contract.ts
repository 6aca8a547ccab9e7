/**
 * docs/requirements.md §11's contract: every answer of `/api/v1` matches the generated OpenAPI document: its
 * operation exists, its status is documented, and its body validates against the documented
 * schema (JSON Schema 2020-12, as OpenAPI 3.1 uses). The harness checks every API response.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';

interface OperationObject {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components?: Record<string, unknown>;
}

const DOCUMENT_ID = 'https://shop.test/openapi.json';

function pointerSegment(segment: string): string {
  return encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
}

export interface ContractChecker {
  /** The documented operation (`GET /products/{id}`) a request path answers to. */
  operationOf(method: string, apiPath: string): string | null;
  /** Throws when the response does not match its operation in the document. */
  check(
    method: string,
    apiPath: string,
    status: number,
    contentType: string | null,
    body: string,
  ): void;
}

export function contractChecker(document: OpenApiDocument): ContractChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(document as object, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
    ),
  }));
  const operationOf = (method: string, apiPath: string) => {
    const found = templates.find(
      ({ pattern, template }) =>
        pattern.test(apiPath) && document.paths[template]?.[method.toLowerCase()],
    );
    return found ? `${method.toUpperCase()} ${found.template}` : null;
  };
  return {
    operationOf,
    check(method, apiPath, status, contentType, body) {
      const operation = operationOf(method, apiPath);
      if (!operation) throw new Error(`${method} ${apiPath} is not in the OpenAPI document`);
      const template = operation.slice(operation.indexOf(' ') + 1);
      const responses = document.paths[template]![method.toLowerCase()]!.responses;
      const documented = responses[String(status)];
      if (!documented)
        throw new Error(`${operation} answered ${status}, which the document does not list`);
      if (!documented.content || status === 304 || status === 204) return;
      const mediaType = (contentType ?? '').split(';')[0]!.trim();
      if (!documented.content[mediaType]) {
        throw new Error(
          `${operation} ${status} answered ${mediaType || 'no type'}, not ${Object.keys(documented.content).join(', ')}`,
        );
      }
      // A file (a PDF): the document gives its type, not a schema of its bytes.
      if (!/[/+]json$/.test(mediaType)) {
        if (body.length === 0) throw new Error(`${operation} ${status} answered an empty file`);
        return;
      }
      const pointer = [
        'paths',
        template,
        method.toLowerCase(),
        'responses',
        String(status),
        'content',
        mediaType,
        'schema',
      ]
        .map(pointerSegment)
        .join('/');
      const reference = `${DOCUMENT_ID}#/${pointer}`;
      let validate = compiled.get(reference);
      if (!validate) {
        validate = ajv.compile({ $ref: reference });
        compiled.set(reference, validate);
      }
      if (!validate(JSON.parse(body))) {
        throw new Error(
          `${operation} ${status} does not match the document: ${ajv.errorsText(validate.errors)}\n${body.slice(0, 500)}`,
        );
      }
    },
  };
}
