import { api, envelopeSchema, type CallDefinition } from '@xunji/shared';
import { z } from 'zod';

const toSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

function parameters(call: CallDefinition) {
  const result: object[] = [
    { name: 'applicationId', in: 'header', required: true, schema: { type: 'integer' } },
  ];
  for (const [location, schema] of [
    ['path', call.params],
    ['query', call.query],
  ] as const) {
    if (!schema) continue;
    const shape = schema.shape as Record<string, z.ZodType>;
    for (const [name, field] of Object.entries(shape)) {
      result.push({
        name,
        in: location,
        required: !field.safeParse(undefined).success,
        schema: toSchema(field, 'input'),
      });
    }
  }
  return result;
}

/** OpenAPI 3 document generated from the zod contract of @xunji/shared. */
export function buildOpenApi(apiRoot: string) {
  const paths: Record<string, Record<string, object>> = {};
  for (const [name, call] of Object.entries(api) as [string, CallDefinition][]) {
    const path = call.path.replace(/:([A-Za-z]+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][call.method.toLowerCase()] = {
      operationId: name,
      summary: call.summary,
      ...(call.auth === 'user' ? { security: [{ bearer: [] }] } : {}),
      parameters: parameters(call),
      ...(call.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toSchema(call.body, 'input') } },
            },
          }
        : {}),
      responses: {
        '200': {
          description: 'The envelope; code 0 is success, any other code is in the error table',
          content: {
            'application/json': { schema: toSchema(envelopeSchema(call.response), 'output') },
          },
        },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Xunji API', version: '1.1.2' },
    servers: [{ url: apiRoot }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
