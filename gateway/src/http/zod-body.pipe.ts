import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { parseOrErrors } from '@mboa/contracts';

type Schema = Parameters<typeof parseOrErrors>[0];

/** Validates a body with its contracts schema: 400 `{ message, errors }` listing each field problem. */
@Injectable()
export class ZodBody implements PipeTransform {
  constructor(private readonly schema: Schema) {}

  transform(value: unknown): unknown {
    const result = parseOrErrors(this.schema, value ?? {});
    if (!result.ok) throw new BadRequestException({ message: result.message, errors: result.errors });
    return result.data;
  }
}
