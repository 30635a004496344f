import { Center, Loader } from '@mantine/core';

export function PageLoaderInline() {
  return (
    <Center py={60}>
      <Loader size="sm" />
    </Center>
  );
}
