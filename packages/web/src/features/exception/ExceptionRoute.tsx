import { AntdProvider } from '../../shared/providers/AntdProvider';
import { ExceptionPage, type ExceptionCode } from './ExceptionPage';

/** `/exception/403|404|500`: the screens on their own, outside the frame (they need no login). */
export const ExceptionRoute = ({ code }: { code: ExceptionCode }) => (
  <AntdProvider>
    <div
      className="ok-exception-route"
      style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <ExceptionPage code={code} />
    </div>
  </AntdProvider>
);
