/** Full-area loading message ('Loading Dashboard...' and friends), announced politely. */
import { Spinner } from './spinner';

export function LoadingScreen({ text }: { text: string }) {
  return (
    <div className="loading-screen" role="status">
      <Spinner />
      <span>{text}</span>
    </div>
  );
}
