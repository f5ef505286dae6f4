/** The errors of /ogc: JSON `{code, description}` with the OGC exception code of the status. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { JSON_TYPE } from './links.ts';

const OGC_CODES: Record<number, string> = {
  400: 'InvalidParameterValue',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  406: 'NotAcceptable',
};

/** The error handler of /ogc: the status and message of an HttpError or a 4xx, else 500 (logged). */
export function ogcErrorHandler(err: Error, req: FastifyRequest, reply: FastifyReply): void {
  let status = 500;
  let description = 'Internal error';
  if (err instanceof HttpError) {
    status = err.status;
    description = err.message;
  } else if (
    'statusCode' in err &&
    typeof err.statusCode === 'number' &&
    err.statusCode >= 400 &&
    err.statusCode < 500
  ) {
    status = err.statusCode;
    description = err.message;
  } else req.log.error({ err }, 'unhandled error');
  void reply
    .status(status)
    .type(JSON_TYPE)
    .send({ code: OGC_CODES[status] ?? (status >= 500 ? 'ServerError' : 'Error'), description });
}
