#!/bin/sh
# The seed folders for fuzzer $1: the project's fixtures of that format.
case $1 in
    logfmt) echo fixtures/formats examples/formats ;;
    powercsv) echo fixtures/powercsv realfiles/powerlogs ;;
    nvsmitable) echo fixtures/nvsmitable realfiles/nvsmitable ;;
    tegrastats) echo fixtures/tegrastats realfiles/tegrastats ;;
    nvsmidmon) echo fixtures/nvsmidmon realfiles/nvsmidmon ;;
    nvsmi) echo fixtures/nvsmi realfiles/nvsmi ;;
    generic) echo realfiles/generic fixtures/trainlog ;;
    *) echo "fixtures/$1" ;;
esac
