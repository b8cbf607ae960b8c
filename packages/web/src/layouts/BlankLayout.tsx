import { Outlet } from 'react-router';

/** Layout of the public pages (spec §2 "blank"): no frame, no antd; each page brings its own look. */
export const BlankLayout = () => (
  <div className="ok-blank-layout">
    <Outlet />
  </div>
);
