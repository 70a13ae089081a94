import { parseXML } from '@aws-sdk/xml-builder';

export interface ListedObject {
  readonly key: string;
  readonly size?: number;
  readonly lastModified?: Date;
}

export interface ListPage {
  readonly objects: ListedObject[];
  /** Where the next page starts (`continuation-token`), if S3 cut the listing short. */
  readonly nextToken?: string;
}

type XmlValue = string | XmlObject | XmlValue[];
interface XmlObject {
  [name: string]: XmlValue | undefined;
}

const text = (value: XmlValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
/** The parser gives one child as a value and several as an array. */
const many = (value: XmlValue | undefined): XmlValue[] =>
  value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value];

/**
 * One page of a ListObjectsV2 answer (`<ListBucketResult>`), read with the XML parser the SDK's own S3 client
 * uses (`@aws-sdk/xml-builder`, entities decoded).
 */
export function parseListPage(xml: string): ListPage {
  const result = (parseXML(xml) as XmlObject).ListBucketResult;
  if (!result || typeof result !== 'object' || Array.isArray(result))
    throw new Error('S3 answered a list request without a ListBucketResult');
  const objects = many(result.Contents).flatMap((entry): ListedObject[] => {
    if (typeof entry !== 'object' || Array.isArray(entry)) return [];
    const key = text(entry.Key);
    if (key === undefined) return [];
    const size = text(entry.Size);
    const lastModified = text(entry.LastModified);
    return [
      {
        key,
        ...(size === undefined ? {} : { size: Number(size) }),
        ...(lastModified === undefined ? {} : { lastModified: new Date(lastModified) }),
      },
    ];
  });
  const nextToken = text(result.IsTruncated) === 'true' ? text(result.NextContinuationToken) : undefined;
  return { objects, ...(nextToken ? { nextToken } : {}) };
}
