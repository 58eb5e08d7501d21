// An error as people should read it: the message first, the code for reference.
import { Icon } from './Icon';

/** API messages start in lower case, to read well after "error:"; here they start a sentence. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function ErrorAlert({ message, code, title }: { message: string; code?: string; title?: string }) {
  return (
    <div className="alert error" role="alert">
      <Icon name="alert" size={16} />
      <span>
        {title && <strong>{title} </strong>}
        {sentence(message)}
        {code && (
          <>
            {' '}
            <code>{code}</code>
          </>
        )}
      </span>
    </div>
  );
}
