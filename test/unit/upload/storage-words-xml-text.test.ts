/**
 * Storage's error is XML, and its words are XML text: quotes, apostrophes and ampersands in them
 * come escaped. MinIO (Go's encoding/xml) writes ' and " as &#39; and &#34;, others as &apos;,
 * &quot; and &amp;. They were shown as written: the row read "&#34;yyyyMMdd&#39;T&#39;HHmmss…".
 */
import { expect, it } from 'vitest';
import { storageErrorMessage } from '@/lib/upload/xhr-put';

it('says storage’s words as the text its XML holds', () => {
  const minio = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>AuthorizationQueryParametersError</Code><Message>X-Amz-Date must be in the ISO8601 Long Format &#34;yyyyMMdd&#39;T&#39;HHmmss&#39;Z&#39;&#34;</Message><Key>rec-1.m4a</Key><BucketName>recordings</BucketName><Resource>/recordings/rec-1.m4a</Resource><RequestId>17B</RequestId><HostId>dd9</HostId></Error>`;
  expect(storageErrorMessage(400, minio)).toBe(
    `The upload server answered 400: X-Amz-Date must be in the ISO8601 Long Format "yyyyMMdd'T'HHmmss'Z'" (AuthorizationQueryParametersError)`,
  );
  const named = '<Error><Code>AuthorizationHeaderMalformed</Code><Message>The region &apos;us-east-1&apos; is wrong; expecting &apos;eu-west-1&apos; &amp; &quot;x&lt;y&gt;&quot; &#x41;&amp;lt;</Message></Error>';
  expect(storageErrorMessage(400, named)).toBe(`The upload server answered 400: The region 'us-east-1' is wrong; expecting 'eu-west-1' & "x<y>" A&lt; (AuthorizationHeaderMalformed)`);
});
