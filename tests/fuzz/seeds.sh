#!/bin/sh
# The seed folders for fuzzer $1: the project's fixtures of that format.
case $1 in
    logfmt) echo fixtures/formats examples/formats ;;
    generic) echo realfiles/generic fixtures/trainlog ;;
    *) echo "fixtures/$1" ;;
esac
