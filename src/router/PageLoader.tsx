import { Center, Loader } from '@mantine/core';

/** What a page shows while its chunk or its first answer loads. */
export function PageLoader() {
  return (
    <Center h="60vh" data-testid="page-loading">
      <Loader size="sm" />
    </Center>
  );
}
