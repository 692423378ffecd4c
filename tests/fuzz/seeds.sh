#!/bin/sh
# The seed folders for fuzzer $1: the project's fixtures of that format.
case $1 in
    logfmt) echo fixtures/formats examples/formats ;;
    *) echo "fixtures/$1" ;;
esac
